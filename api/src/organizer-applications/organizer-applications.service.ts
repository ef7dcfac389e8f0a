import { ORGANIZER_APPLICATIONS_PAGE_SIZE, ORGANIZER_APPLICATION_MESSAGES } from '@sports/contracts';
import type {
  AdminOrganizerApplication,
  AdminOrganizerApplicationsQuery,
  AdminOrganizerApplicationsResponse,
  OrganizerApplication,
  OrganizerApplicationRequest,
  SessionUser,
} from '@sports/contracts';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { logAction } from '../audit/log-action';
import { offsetOf, pageCount } from '../db/sql';
import { AppError, forbidden, notFound } from '../errors';
import { enqueueMail } from '../mail/mail-queue';
import { DEV_SITE_ORIGIN } from '../mail/ticket-mail';
import { applicationDecisionMail } from './decision-mail';
import type { ApplicationNews } from './decision-mail';
import * as repo from './organizer-applications.repository';
import type { AdminApplicationRow, ApplicationRow } from './organizer-applications.repository';

function toApplication(r: ApplicationRow): OrganizerApplication {
  return {
    id: r.id,
    organization: r.organization,
    contactPerson: r.contact_person,
    phone: r.phone,
    description: r.description,
    status: r.status,
    declineReason: r.decline_reason,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
  };
}

function toAdminApplication(r: AdminApplicationRow): AdminOrganizerApplication {
  return {
    ...toApplication(r),
    applicant: { id: r.user_id, name: r.applicant_name, email: r.applicant_email },
    date: r.date,
    decidedBy: r.decider_id !== null ? { id: r.decider_id, name: r.decider_name ?? '', email: r.decider_email ?? '' } : null,
  };
}

/** A signed-in visitor applies; organizers and admins already have more than this gives (403); one pending at a time (409). */
export async function apply(db: Queryable, user: SessionUser, input: OrganizerApplicationRequest): Promise<OrganizerApplication> {
  if (user.role_name !== 'Participant') throw forbidden(ORGANIZER_APPLICATION_MESSAGES.notVisitor);
  const row = await repo.insertApplication(db, { userId: user.user_id, ...input });
  if (!row) throw new AppError(409, ORGANIZER_APPLICATION_MESSAGES.alreadyPending);
  return toApplication(row);
}

export async function latestApplication(db: Queryable, userId: number): Promise<OrganizerApplication | null> {
  const row = await repo.findLatestOfUser(db, userId);
  return row ? toApplication(row) : null;
}

export async function listApplications(db: Queryable, query: AdminOrganizerApplicationsQuery): Promise<AdminOrganizerApplicationsResponse> {
  const page = query.page ?? 1;
  const filter = query.status ?? 'pending';
  const [total, rows] = await Promise.all([
    repo.countApplications(db, filter),
    repo.findApplications(db, filter, ORGANIZER_APPLICATIONS_PAGE_SIZE, offsetOf(page, ORGANIZER_APPLICATIONS_PAGE_SIZE)),
  ]);
  return {
    success: true,
    applications: rows.map(toAdminApplication),
    page,
    pageSize: ORGANIZER_APPLICATIONS_PAGE_SIZE,
    totalPages: pageCount(total, ORGANIZER_APPLICATIONS_PAGE_SIZE),
    total,
  };
}

export interface Actor {
  id: number;
  /** The caller's address, for the audit trail. */
  ip: string;
}

export type DecisionDeps = Pick<AppContext, 'db' | 'mailQueue'> & { config: Pick<AppContext['config'], 'publicOrigin'> };

/**
 * An admin approves or declines a pending application, in one transaction: the decision (one
 * conditional update, so deciding twice is a 409), on approval the visitor account made an
 * Organizer with its audit row (as status changes are audited), and the applicant's mail queued;
 * the queue is kicked after the commit. The new role applies to the applicant's next request:
 * the API reads each session's account afresh.
 */
export async function decideApplication(deps: DecisionDeps, actor: Actor, id: number, news: ApplicationNews): Promise<AdminOrganizerApplication> {
  const application = await deps.db.withTransaction(async (tx) => {
    const decided = await repo.recordDecision(tx, id, { status: news.status, adminId: actor.id, reason: news.status === 'declined' ? news.reason : null });
    if (!decided) {
      if (await repo.applicationExists(tx, id)) throw new AppError(409, ORGANIZER_APPLICATION_MESSAGES.alreadyDecided);
      throw notFound(ORGANIZER_APPLICATION_MESSAGES.notFound);
    }
    const applicant = await repo.lockApplicant(tx, decided.user_id);
    if (!applicant) throw notFound(ORGANIZER_APPLICATION_MESSAGES.notFound);
    // Only a visitor account is promoted: an account made an admin meanwhile keeps its role.
    if (news.status === 'approved' && applicant.role === 'Participant') {
      await repo.setRole(tx, decided.user_id, 'Organizer');
      await logAction(tx, {
        actorId: actor.id,
        action: 'account.role_changed',
        subject: { accountId: decided.user_id },
        data: { before: { role: applicant.role }, after: { role: 'Organizer' }, application_id: id },
        ip: actor.ip,
      });
    }
    const site = deps.config.publicOrigin ?? DEV_SITE_ORIGIN;
    const mail = applicationDecisionMail({ to: applicant.email, firstName: applicant.first_name, organization: decided.organization, site }, news);
    await enqueueMail(tx, mail, `organizer-application:${id}:${news.status}`);
    const row = await repo.findApplication(tx, id);
    if (!row) throw notFound(ORGANIZER_APPLICATION_MESSAGES.notFound);
    return toAdminApplication(row);
  });
  deps.mailQueue.kick();
  return application;
}
