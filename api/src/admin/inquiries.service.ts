import { INQUIRIES_PAGE_SIZE } from '@sports/contracts';
import type { AdminInquiriesQuery, AdminInquiriesResponse, AdminInquiry } from '@sports/contracts';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { AppError, notFound } from '../errors';
import type { Actor } from './accounts.service';
import { logAction } from '../audit/log-action';
import * as repo from './inquiries.repository';
import type { InquiryRow } from './inquiries.repository';
import { offsetOf, pageCount } from '../db/sql';

export const INQUIRY_MESSAGES = {
  notFound: 'Inquiry not found.',
  alreadyAnswered: 'This inquiry has already been answered.',
  mailFailed: 'The answer could not be mailed, so the inquiry is still pending. Please try again.',
} as const;

export const INQUIRY_REPLY_SUBJECT = 'Re: your inquiry to Sports Complex Tickets';

function toInquiry(r: InquiryRow): AdminInquiry {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    receivedAt: r.created_at.toISOString(),
    date: r.date,
    status: r.responded_at ? 'Answered' : 'Pending',
    response: r.response,
    respondedBy: r.responder_id !== null ? { id: r.responder_id, name: r.responder_name ?? '', email: r.responder_email ?? '' } : null,
    respondedAt: r.responded_at ? r.responded_at.toISOString() : null,
  };
}

export async function listInquiries(db: Queryable, query: AdminInquiriesQuery): Promise<AdminInquiriesResponse> {
  const page = query.page ?? 1;
  const filter = query.status ?? 'pending';
  const [total, rows] = await Promise.all([repo.countInquiries(db, filter), repo.findInquiries(db, filter, INQUIRIES_PAGE_SIZE, offsetOf(page, INQUIRIES_PAGE_SIZE))]);
  return { success: true, inquiries: rows.map(toInquiry), page, pageSize: INQUIRIES_PAGE_SIZE, totalPages: pageCount(total, INQUIRIES_PAGE_SIZE), total };
}

function replyText(inquiry: { name: string; message: string; date: string }, response: string): string {
  return `Hello ${inquiry.name},\n\n${response}\n\nSports Complex Tickets\n\n---\nYour message of ${inquiry.date}:\n${inquiry.message}\n`;
}

/**
 * Respond (PRODUCT §6): records the answer and its audit row, and mails it to the sender, in one
 * transaction holding the inquiry's row lock. A second Respond is a 409; a failed mail rolls it
 * all back, so the inquiry stays pending.
 */
export async function respondToInquiry(ctx: Pick<AppContext, 'db' | 'mailer' | 'logger'>, actor: Actor, id: number, response: string): Promise<AdminInquiry> {
  return ctx.db.withTransaction(async (tx) => {
    const inquiry = await repo.lockInquiry(tx, id);
    if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
    if (inquiry.answered) throw new AppError(409, INQUIRY_MESSAGES.alreadyAnswered);
    await repo.recordResponse(tx, id, response, actor.id);
    await logAction(tx, { actorId: actor.id, action: 'inquiry.responded', subject: { inquiryId: id }, data: { before: { status: 'Pending' }, after: { status: 'Answered' } }, ip: actor.ip });
    const row = await repo.findInquiry(tx, id);
    if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
    // Last, so that once the mail is out only the commit itself can still fail.
    try {
      await ctx.mailer.send({ to: inquiry.email, subject: INQUIRY_REPLY_SUBJECT, text: replyText(inquiry, response) });
    } catch (err) {
      ctx.logger.error({ err, inquiryId: id }, 'could not mail the answer to an inquiry');
      throw new AppError(502, INQUIRY_MESSAGES.mailFailed);
    }
    return toInquiry(row);
  });
}
