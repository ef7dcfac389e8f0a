// The mail an organizer gets when an admin decides on their event request: approved (visitors see
// it now) or not approved (with the admin's reason, and how to send it again).
import type { MailMessage } from '../mail/message';

export interface DecisionMailFacts {
  title: string;
  /** 'Saturday, May 1, 2031' in Asia/Manila. */
  date: string;
  /** '6:00 PM', null when the event announced no time. */
  time: string | null;
  organizerEmail: string;
  organizerFirstName: string;
}

export type DecisionNews = { status: 'Approved' } | { status: 'Rejected'; reason: string };

export const decisionSubject = (title: string, status: DecisionNews['status']): string =>
  status === 'Approved' ? `Approved: ${title}` : `Not approved: ${title}`;

/** `eventListUrl`: the organizer's Event List, where a rejected request is edited and sent again. */
export function decisionMail(facts: DecisionMailFacts, news: DecisionNews, eventListUrl: string): MailMessage {
  const when = facts.time ? `${facts.date} at ${facts.time}` : facts.date;
  const body =
    news.status === 'Approved'
      ? [
          `Your event request "${facts.title}" for ${when} has been approved.`,
          'Visitors can now find it on the site and buy tickets.',
        ]
      : [
          `Your event request "${facts.title}" for ${when} was not approved.`,
          `Reason: ${news.reason}`,
          `You can edit the request and send it again from your Event List: ${eventListUrl}`,
        ];
  return {
    to: facts.organizerEmail,
    subject: decisionSubject(facts.title, news.status),
    text: [`Hello ${facts.organizerFirstName},`, '', ...body, '', 'Sports Complex Tickets', ''].join('\n'),
  };
}
