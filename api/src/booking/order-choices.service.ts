// PUT /api/orders/:id/tickets: the buyer's choices for a held order (a category per seat, the ID
// number of each Senior Citizen or PWD ticket, a promo code), priced by the server in one
// transaction. The client sends choices only; every amount comes from orders/pricing.ts.
import {
  ID_NUMBER_RULES,
  PRICING_MESSAGES,
  PROMO_CODE_MESSAGES,
  PROMO_CODE_PATTERN,
  isLawCategory,
  normalizeIdNumber,
  normalizePromoCode,
} from '@sports/contracts';
import type { OfferableCategory, OrderChoicesRequest, OrderSummary, TicketCategory } from '@sports/contracts';
import type { Queryable } from '../db';
import { isLockBusy, retrying, violatesUnique } from '../db/retry';
import { AppError, badRequest, notFound } from '../errors';
import { codeAppliesTo, priceOrder } from '../orders/pricing';
import type { CategoryDiscount, PromoRule } from '../orders/pricing';
import { getOrder, MESSAGES, paymentInProgress } from './booking.service';
import type { BookingDeps } from './booking.service';
import * as repo from './order-choices.repository';

export interface Choice {
  seat: number;
  category: TicketCategory;
  idNumber: string | null;
}

/** The choices as stored: one per seat, ID numbers in their category's format, each used once. */
export function checkChoices(input: Pick<OrderChoicesRequest, 'tickets'>): Choice[] {
  const seats = new Set<number>();
  const idNumbers = new Set<string>();
  return input.tickets.map((t) => {
    if (seats.has(t.seat)) throw badRequest(PRICING_MESSAGES.seatsMismatch);
    seats.add(t.seat);
    if (!isLawCategory(t.category)) return { seat: t.seat, category: t.category, idNumber: null };
    const rule = ID_NUMBER_RULES[t.category];
    const idNumber = normalizeIdNumber(t.idNumber ?? '');
    if (!rule.pattern.test(idNumber)) throw badRequest(rule.message);
    const key = `${t.category}:${idNumber}`;
    if (idNumbers.has(key)) throw badRequest(PRICING_MESSAGES.idNumberTwice);
    idNumbers.add(key);
    return { seat: t.seat, category: t.category, idNumber };
  });
}

/** The unique index of live seats' ID numbers (migration 0318). */
const ID_NUMBER_INDEX = 'order_seats_id_number_key';

/** The event's promo code `typed`, checked against its window and its uses; refusals name the exact reason. */
async function redeemableCode(tx: Queryable, p: { eventId: number; typed: string; orderId: number; userId: number; now: Date }): Promise<{ id: number; rule: PromoRule }> {
  const code = normalizePromoCode(p.typed);
  if (!PROMO_CODE_PATTERN.test(code)) throw badRequest(PROMO_CODE_MESSAGES.unknown);
  const row = await repo.lockPromoCode(tx, { ...p, code });
  if (!row) throw badRequest((await repo.promoCodeOfOtherEvent(tx, p.eventId, code)) ? PROMO_CODE_MESSAGES.otherEvent : PROMO_CODE_MESSAGES.unknown);
  if (row.valid_from && p.now < row.valid_from) throw badRequest(PROMO_CODE_MESSAGES.notYet);
  if (row.valid_until && p.now >= row.valid_until) throw badRequest(PROMO_CODE_MESSAGES.expired);
  if (row.max_uses !== null && row.uses >= row.max_uses) throw new AppError(409, PROMO_CODE_MESSAGES.usedUp);
  if (row.per_account !== null && row.uses_by_user >= row.per_account) throw new AppError(409, PROMO_CODE_MESSAGES.accountLimit);
  return { id: row.id, rule: { kind: row.kind, value: row.value, sectionIds: row.section_ids, categories: row.categories } };
}

/** The event's category discounts as pricing.ts takes them: the organizer's percent, or the law's. */
function categoryDiscounts(offered: repo.HeldForChoices['offered'], lawPercent: number): (category: TicketCategory) => CategoryDiscount {
  const percents = new Map(offered.map((o) => [o.category, o.percent]));
  return (category) => {
    if (category === 'regular') return { percent: 0, kind: null };
    const percent = percents.get(category as OfferableCategory) ?? null;
    return percent === null ? { percent: lawPercent, kind: 'law' } : { percent, kind: 'category' };
  };
}

/**
 * Prices held order `orderId`, whose row the caller's transaction `tx` has locked, from the
 * choices, and writes its lines, total and promo code. Returns the total. 400 for a seat not of
 * the order, a category the event does not offer, or a promo code that cannot be used (409 when
 * used up).
 */
export async function priceHeldOrder(
  deps: Pick<BookingDeps, 'settings'>,
  tx: Queryable,
  p: { orderId: number; userId: number; now: Date; held: repo.HeldForChoices; choices: readonly Choice[]; promoCode: string | null | undefined },
): Promise<number> {
  const { held, choices } = p;
  const baseOf = new Map(held.seats.map((seat, i) => [seat, held.base_prices[i] ?? 0]));
  if (choices.length !== held.seats.length || choices.some((c) => !baseOf.has(c.seat))) throw badRequest(PRICING_MESSAGES.seatsMismatch);
  if (choices.some((c) => c.category !== 'regular' && !held.offered.some((o) => o.category === c.category))) throw badRequest(PRICING_MESSAGES.categoryNotOffered);

  const typed = p.promoCode?.trim() ?? '';
  const code = typed === '' ? null : await redeemableCode(tx, { eventId: held.event_id, typed, orderId: p.orderId, userId: p.userId, now: p.now });
  const lines = choices.map((c) => ({ seat: c.seat, category: c.category, basePrice: baseOf.get(c.seat) ?? 0 }));
  const priced = priceOrder(lines, categoryDiscounts(held.offered, deps.settings.lawDiscountPercent), code?.rule ?? null, held.section_id);
  if (code && !lines.some((l) => codeAppliesTo(code.rule, l.category, held.section_id))) throw badRequest(PROMO_CODE_MESSAGES.notForSeats);

  const idOf = new Map(choices.map((c) => [c.seat, c.idNumber]));
  await repo.writePricedOrder(tx, p.orderId, {
    lines: priced.lines.map((l) => ({ ...l, idNumber: idOf.get(l.seat) ?? null })),
    total: priced.total,
    promoCodeId: code?.id ?? null,
    clearFirst: held.has_id_numbers,
  });
  return priced.total;
}

/**
 * Runs `price` (a transaction writing the choices' ID numbers); when an ID number meets the unique
 * index, it may belong to a hold whose time is up that no sweep has expired yet: such holds are
 * expired, and `price` runs once more. 409 when the ID number is still taken.
 */
export async function retryingTakenIdNumbers<T>(
  deps: Pick<BookingDeps, 'db'>,
  p: { choices: readonly Choice[]; now: Date; eventId: () => number | null },
  price: () => Promise<T>,
): Promise<T> {
  try {
    return await price();
  } catch (err) {
    const eventId = p.eventId();
    if (!violatesUnique(err, ID_NUMBER_INDEX) || eventId === null) throw err;
    const idNumbers = p.choices.flatMap((c) => (c.idNumber === null ? [] : [c.idNumber]));
    await repo.expireDueHoldsWithIdNumbers(deps.db, eventId, idNumbers, p.now);
    return price().catch((again: unknown) => {
      throw violatesUnique(again, ID_NUMBER_INDEX) ? new AppError(409, PRICING_MESSAGES.idNumberTaken) : again;
    });
  }
}

/**
 * Prices the caller's held order from their choices and answers it. 404 for another user's or a
 * missing order; 409 while it is being paid or once paid; 410 once its time is up; 400 for a seat
 * not of the order, a category the event does not offer, an ID number in a wrong format, or a
 * promo code that cannot be used (409 when used up); 409 when an ID number already has a
 * discounted ticket for the event. Nothing changes unless every choice holds.
 */
export async function chooseTickets(deps: Pick<BookingDeps, 'db' | 'clock' | 'signer' | 'settings'>, userId: number, orderId: number, input: OrderChoicesRequest): Promise<OrderSummary> {
  const choices = checkChoices(input);
  const now = deps.clock.now();
  let eventId: number | null = null;
  const price = () =>
    retrying(() =>
      deps.db.withTransaction(async (tx) => {
        const held = await repo.lockOrderForChoices(tx, orderId, userId).catch((err: unknown) => {
          throw isLockBusy(err) ? paymentInProgress() : err;
        });
        if (!held) throw notFound(MESSAGES.orderNotFound);
        eventId = held.event_id;
        if (held.status === 'paid') throw new AppError(409, MESSAGES.alreadyPaid);
        if (held.paying) throw paymentInProgress();
        if (held.status !== 'held' || held.expires_at.getTime() <= now.getTime()) throw new AppError(410, MESSAGES.holdExpired);
        if (held.event_cancelled) throw new AppError(409, MESSAGES.eventCancelled);
        await priceHeldOrder(deps, tx, { orderId, userId, now, held, choices, promoCode: input.promoCode });
      }),
    );
  await retryingTakenIdNumbers(deps, { choices, now, eventId: () => eventId }, price);
  return getOrder(deps, userId, orderId);
}
