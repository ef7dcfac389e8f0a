// Promo codes of an event (PRODUCT §9 "Prices"): its organizer lists, makes and ends them; admins
// read them. A code is never deleted (orders keep pointing at it): ending it closes its window now.
import { PROMO_CODE_FORM_MESSAGES, PROMO_FROM_LABEL, PROMO_UNTIL_LABEL, parseEventDateTime } from '@sports/contracts';
import type { PromoCode, PromoCodeRequest, PromoCodeStatus, PromoCodesResponse } from '@sports/contracts';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { AppError, badRequest, notFound } from '../errors';
import { logAction } from '../audit/log-action';
import * as repo from './promo-codes.repository';
import type { PromoCodeRow } from './promo-codes.repository';

export const EVENT_NOT_FOUND = 'Event not found';

export interface PromoCodesDeps {
  db: Db;
  clock: Clock;
}

function statusOf(r: PromoCodeRow, now: Date): PromoCodeStatus {
  if (r.valid_until && r.valid_until <= now) return 'Ended';
  if (r.max_uses !== null && r.uses >= r.max_uses) return 'Used up';
  if (r.valid_from && r.valid_from > now) return 'Scheduled';
  return 'Active';
}

function toPromoCode(r: PromoCodeRow, sections: ReadonlyMap<number, string>, now: Date): PromoCode {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    value: r.value,
    sections: r.section_ids ? r.section_ids.map((id) => ({ id, label: sections.get(id) ?? `Section ${id}` })) : null,
    categories: r.categories,
    maxUses: r.max_uses,
    perAccount: r.per_account,
    validFrom: r.valid_from?.toISOString() ?? null,
    validUntil: r.valid_until?.toISOString() ?? null,
    uses: r.uses,
    status: statusOf(r, now),
    createdAt: r.created_at.toISOString(),
  };
}

async function eventOf(deps: PromoCodesDeps, eventId: number, organizerScope: number | null) {
  const event = await repo.findEvent(deps.db, eventId, organizerScope);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const sections = await repo.findEventSections(deps.db, eventId);
  return { event, sections, labels: new Map(sections.map((s) => [s.id, s.label])) };
}

/** GET .../events/:id/promo-codes; `organizerScope` null for an admin (any event). */
export async function listPromoCodes(deps: PromoCodesDeps, eventId: number, organizerScope: number | null): Promise<Omit<PromoCodesResponse, 'success'>> {
  const { event, sections, labels } = await eventOf(deps, eventId, organizerScope);
  const now = deps.clock.now();
  const rows = await repo.findPromoCodes(deps.db, eventId, now);
  return { event: { id: event.id, name: event.title }, sections, promoCodes: rows.map((r) => toPromoCode(r, labels, now)) };
}

const instantOf = (value: string | null | undefined, label: string): Date | null => {
  if (!value) return null;
  const parsed = parseEventDateTime(value, label);
  if (!parsed.ok) throw badRequest(parsed.error);
  return parsed.instant;
};

/** POST .../events/:id/promo-codes: only the event's organizer; the audit trail records it. */
export async function createPromoCode(deps: PromoCodesDeps, eventId: number, organizerId: number, input: PromoCodeRequest, ip: string | null): Promise<PromoCode> {
  const { labels } = await eventOf(deps, eventId, organizerId);
  const sectionIds = input.sectionIds ? [...new Set(input.sectionIds)] : null;
  if (sectionIds?.some((id) => !labels.has(id))) throw badRequest(PROMO_CODE_FORM_MESSAGES.sectionUnknown);
  const now = deps.clock.now();
  const code = {
    code: input.code,
    kind: input.kind,
    value: input.value,
    sectionIds,
    categories: input.categories ? [...new Set(input.categories)] : null,
    maxUses: input.maxUses ?? null,
    perAccount: input.perAccount ?? null,
    validFrom: instantOf(input.validFrom, PROMO_FROM_LABEL),
    validUntil: instantOf(input.validUntil, PROMO_UNTIL_LABEL),
  };
  const id = await deps.db.withTransaction(async (tx) => {
    const inserted = await repo.insertPromoCode(tx, eventId, code, organizerId, now);
    if (inserted !== null) {
      await logAction(tx, { actorId: organizerId, action: 'promo_code.created', subject: { eventId }, ip, at: now, data: { promoCodeId: inserted, ...code } });
    }
    return inserted;
  });
  if (id === null) throw new AppError(409, PROMO_CODE_FORM_MESSAGES.duplicate);
  const row = await repo.findPromoCode(deps.db, eventId, id, now);
  if (!row) throw new Error('the new promo code vanished');
  return toPromoCode(row, labels, now);
}

/** POST .../promo-codes/:codeId/end: its window closes now; only the event's organizer; the audit trail records it. */
export async function endPromoCode(deps: PromoCodesDeps, eventId: number, codeId: number, organizerId: number, ip: string | null): Promise<PromoCode> {
  const { labels } = await eventOf(deps, eventId, organizerId);
  const now = deps.clock.now();
  const found = await repo.findPromoCode(deps.db, eventId, codeId, now);
  if (!found) throw notFound(PROMO_CODE_FORM_MESSAGES.notFound);
  await deps.db.withTransaction(async (tx) => {
    if (!(await repo.endPromoCode(tx, eventId, codeId, now))) throw new AppError(409, PROMO_CODE_FORM_MESSAGES.alreadyEnded);
    await logAction(tx, { actorId: organizerId, action: 'promo_code.ended', subject: { eventId }, ip, at: now, data: { promoCodeId: codeId, code: found.code } });
  });
  const row = await repo.findPromoCode(deps.db, eventId, codeId, now);
  if (!row) throw notFound(PROMO_CODE_FORM_MESSAGES.notFound);
  return toPromoCode(row, labels, now);
}
