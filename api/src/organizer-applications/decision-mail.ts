// The mail an applicant gets when an admin decides on their organizer application.
import type { MailMessage } from '../mail/message';

export type ApplicationNews = { status: 'approved' } | { status: 'declined'; reason: string | null };

export const APPLICATION_MAIL_SUBJECTS = {
  approved: 'You are now an organizer on Sports Complex Tickets',
  declined: 'Your organizer application on Sports Complex Tickets',
} as const;

export interface ApplicationMailFacts {
  to: string;
  firstName: string;
  organization: string;
  /** The site's origin, for the links. */
  site: string;
}

export function applicationDecisionMail(facts: ApplicationMailFacts, news: ApplicationNews): MailMessage {
  const body =
    news.status === 'approved'
      ? [
          `Your application to ticket events for ${facts.organization} has been approved: your account is now an organizer account.`,
          `Sign in and open your organizer dashboard to create your first event: ${facts.site}/organizer/dashboard`,
        ]
      : [
          `Your application to ticket events for ${facts.organization} was not approved.`,
          ...(news.reason ? [`Reason: ${news.reason}`] : []),
          `You are welcome to apply again: ${facts.site}/ticket-your-event`,
        ];
  return {
    to: facts.to,
    subject: APPLICATION_MAIL_SUBJECTS[news.status],
    text: [`Hello ${facts.firstName},`, '', ...body, '', 'Sports Complex Tickets', ''].join('\n'),
  };
}
