// The booking story (PRODUCT §4): validate the request, then one statement (book_holds) that
// inserts the seats and then their order against the database's live-seat unique index, expiring a
// hold whose time is up only when it owns a requested seat. All or nothing; never a
// check-then-insert in JavaScript.
import type { AvailabilityResponse, BestSeatsResponse, BookSeatsRequest, BookSeatsResponse, OrderSummary } from '@sports/contracts';
import { EMAIL_CONFIRMATION_MESSAGES } from '@sports/contracts';
import { bestAvailableAcross, isSeatInSection, seatLayoutOf, sectionRows, seatNames } from '@sports/seating';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import type { Clock } from '../clock';
import type { TicketMailSending } from '../mail/ticket-mail';
import type { RateLimit } from '../config';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { Db } from '../db';
import type { SessionClaims } from '../auth/session-token';
import type { Logger } from '../logger';
import type { SectionCatalog } from '../sections/section-catalog';
import type { TicketSigner } from '../orders/ticket-signing';
import * as repo from './booking.repository';
import { retrying } from '../db/retry';
import * as orders from '../orders/order.repository';
import { toSummary } from '../orders/order-summary';
import { regularLines } from '../orders/pricing';
import type { SeatHolds } from './hold-seats';
import type { GridAnswer, LiveSeats } from './live-seats';
import type { PaymentProvider } from './payment';

export interface BookingSettings {
  /** MAX_SEATS_PER_ORDER (default 10). */
  maxSeatsPerOrder: number;
  /** HOLD_MINUTES (default 10). */
  holdMinutes: number;
  /** MAX_SEATS_PER_ACCOUNT (default 10): live holds, payments and tickets of one account for one event. */
  maxSeatsPerAccount: number;
  /** LAW_DISCOUNT_PERCENT (default 20): Senior Citizen and PWD tickets. */
  lawDiscountPercent: number;
}

export interface BookingDeps {
  db: Db;
  clock: Clock;
  settings: BookingSettings;
  signer: TicketSigner;
  payments: PaymentProvider;
  sections: SectionCatalog;
  /** book-seats' way to PostgreSQL (hold-seats.ts). */
  holds: SeatHolds;
  /** The grid's and the seat map's answers, kept while unchanged (live-seats.ts). */
  live: LiveSeats;
  /** How the confirmation mail of a paid order goes out (ticket-mail.ts). */
  mail?: TicketMailSending;
  /** The ticket verify endpoint's limit per client address (tickets.routes). */
  verifyLimit: { limiter: RateLimiter; perIp: RateLimit };
  logger?: Logger;
}

export const MESSAGES = {
  eventNotFound: 'Event not found',
  sectionNotFound: 'Section not found',
  salesClosed: 'Ticket sales for this event have closed.',
  seatsTaken: 'Some seats are already booked',
  orderNotFound: 'Order not found',
  holdExpired: 'Your hold has expired. Please select seats again.',
  alreadyPaid: 'This order is already paid.',
  keyReused: 'Idempotency key reused with a different request.',
  paymentInProgress: 'A payment for this order is already in progress. Please wait a moment.',
  paymentRefused: 'The payment was not accepted. Please try again or choose another method.',
  paymentUnavailable: 'The payment could not be completed right now. Please try again in a moment.',
  paidNotReleased: 'This order is paid: its seats cannot be released.',
  eventCancelled: 'This event has been cancelled: it can no longer be booked.',
} as const;

/** 409 with Retry-After: another request is paying the order (or settling its payment) right now. */
export const paymentInProgress = (): AppError => new AppError(409, MESSAGES.paymentInProgress, { 'Retry-After': '1' });

/** The per-account cap's refusal: how many seats the account may still take. */
export function seatCapMessage(cap: number, mayTake: number): string {
  return `One account may hold at most ${cap} seats of this event; you may still take ${mayTake}.`;
}

/** At most this many seat numbers are listed in one error message. */
const LISTED = 20;

function listSeats(seats: number[]): string {
  const shown = seats.slice(0, LISTED).join(', ');
  return seats.length > LISTED ? `${shown}, … (${seats.length} in all)` : shown;
}

const ascending = (a: number, b: number): number => a - b;

export interface BookResult {
  status: 200 | 409;
  body: BookSeatsResponse;
}

/** SPEC §9 seat rule and the request limits; the seats, distinct and ascending. */
export function checkSeats(seatNumbers: number[], capacity: number, maxSeats: number): number[] {
  const outside = [...new Set(seatNumbers.filter((n) => !isSeatInSection(n, capacity)))].sort(ascending);
  if (outside.length) throw badRequest(`Seats outside this section: ${listSeats(outside)}`);
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  for (const n of seatNumbers) (seen.has(n) ? duplicates : seen).add(n);
  if (duplicates.size) throw badRequest(`Duplicate seats in request: ${listSeats([...duplicates].sort(ascending))}`);
  if (seatNumbers.length > maxSeats) throw badRequest(`You can book at most ${maxSeats} seats per order.`);
  return [...seen].sort(ascending);
}

/**
 * POST /backend/api/book-seats.php for the caller's session (the body's user_id is never read).
 * 200 with the hold, or 409 naming exactly the seats that were taken.
 *
 * The section and the seats are checked first, then deps.holds.holdSeats (hold-seats.ts) sends the
 * request to PostgreSQL, alone or in a batch: one statement (repo.bookHolds) checks each request's
 * session and event and runs book_holds. It takes the batch's advisory locks in one key order (the
 * account-and-event cap, each seat), then inserts seats with ON CONFLICT DO NOTHING against the
 * live-seat unique index, under the id the order will get, and the order only once every seat of
 * the request went in. A batch of independent requests (no changed hold, distinct accounts and
 * events, no shared seat) goes in one pass; a request with a seat already owned, over the cap, or
 * whose seat was taken meanwhile, and every request of any other batch, goes one by one, in a
 * subtransaction of its own, rolled back unless every seat went in.
 *
 * Why `alreadyBooked` is exact: ON CONFLICT DO NOTHING skips a seat only when a live row for it
 * exists and is committed, or was written earlier in the same batch (a conflicting row of a
 * transaction still in progress would make ours wait for its outcome; the seats' advisory locks
 * mean there is none). So requested − RETURNING, computed inside that same statement, is
 * precisely the set of seats held or sold by others at that moment: no second query, no later
 * snapshot in which other seats could have been taken or freed. Expired holds are not swept on
 * every call: only when a seat of the request is refused and a hold whose time is up owns it is
 * that hold expired and the request tried once more, so it never counts as taken.
 */
export async function bookSeats(deps: BookingDeps, caller: SessionClaims, input: BookSeatsRequest): Promise<BookResult> {
  const { clock, settings } = deps;
  const now = clock.now();
  const section = await deps.sections.find(input.section_id);
  if (!section) throw notFound(MESSAGES.sectionNotFound);
  const seats = checkSeats(input.seat_numbers, section.capacity, settings.maxSeatsPerOrder);
  const expiresAt = new Date(now.getTime() + settings.holdMinutes * 60_000);

  // One object layout for every request (no spreads): see hold-seats.ts.
  const result = await deps.holds.holdSeats({
    sessionId: caller.sessionId,
    userId: caller.userId,
    eventId: input.event_id,
    sectionId: section.id,
    seats,
    now,
    expiresAt,
    cap: settings.maxSeatsPerAccount,
    replaceOrderId: input.order_id,
  });
  switch (result.kind) {
    case 'no-session':
      throw unauthorized();
    case 'unconfirmed':
      throw forbidden(EMAIL_CONFIRMATION_MESSAGES.unconfirmed);
    case 'no-event':
      throw notFound(MESSAGES.eventNotFound);
    case 'no-section':
      throw notFound(MESSAGES.sectionNotFound);
    case 'closed':
      throw badRequest(MESSAGES.salesClosed);
    case 'taken':
      return { status: 409, body: { success: false, booked: [], alreadyBooked: result.seats, error: MESSAGES.seatsTaken } };
    case 'capped':
      return { status: 409, body: { success: false, booked: [], alreadyBooked: [], error: seatCapMessage(settings.maxSeatsPerAccount, result.mayTake) } };
  }
  const { event } = result;
  const names = seatNames(seats, seatLayoutOf({ capacity: section.capacity, level: section.level, rows: section.seat_rows }));
  const order: OrderSummary = {
    orderId: result.orderId,
    status: 'held',
    event: { id: input.event_id, title: event.title, date: event.date, ...(event.time !== null ? { time: event.time } : {}) },
    section: { id: section.id, label: section.label },
    seats,
    seatNames: names,
    totalAmount: result.totalAmount,
    lines: regularLines(seats, names, result.totalAmount),
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
  return { status: 200, body: { success: true, booked: seats, alreadyBooked: [], order } };
}

/** GET /backend/api/get-booked-seats.php: live holds and sold seats, ascending (with its JSON text and entity tag). */
export async function bookedSeatsAnswer(deps: Pick<BookingDeps, 'clock' | 'live'>, eventId: number, sectionId: number): Promise<GridAnswer & { kind: 'seats' }> {
  const now = deps.clock.now();
  const answer = deps.live.cachedGrid(eventId, sectionId, now) ?? (await deps.live.grid(eventId, sectionId, now));
  if (answer.kind === 'no-event') throw notFound(MESSAGES.eventNotFound);
  if (answer.kind === 'no-section') throw notFound(MESSAGES.sectionNotFound);
  return answer;
}

/** The seats of bookedSeatsAnswer. */
export async function bookedSeats(deps: Pick<BookingDeps, 'clock' | 'live'>, eventId: number, sectionId: number): Promise<number[]> {
  return (await bookedSeatsAnswer(deps, eventId, sectionId)).seats;
}

/** GET /api/events/:id/availability */
export async function availability(deps: Pick<BookingDeps, 'clock' | 'live'>, eventId: number): Promise<AvailabilityResponse['sections']> {
  const { sections } = await deps.live.availability(eventId, deps.clock.now());
  if (!sections) throw notFound(MESSAGES.eventNotFound);
  return sections;
}

/** A bad `count` of best-seats: it must be a whole number of seats one order may hold. */
export function badSeatCountMessage(maxSeats: number): string {
  return `count must be a whole number from 1 to ${maxSeats}`;
}

/**
 * GET /api/events/:id/best-seats?count=N: "How many seats?" across the venue. The best block of
 * `count` adjacent free seats over the event's sections, lower boxes before upper ones
 * (bestAvailableAcross: no stranded single seat first, then the nearer section), the seats taken being those
 * get-booked-seats reports; null when no section has that many side by side. Like book-seats, an
 * event whose sales have closed is refused: there is nothing left to propose.
 */
export async function bestSeats(deps: Pick<BookingDeps, 'db' | 'clock' | 'settings'>, eventId: number, count: number): Promise<BestSeatsResponse['proposal']> {
  if (!Number.isInteger(count) || count < 1 || count > deps.settings.maxSeatsPerOrder) throw badRequest(badSeatCountMessage(deps.settings.maxSeatsPerOrder));
  const venue = await repo.findSeatsTakenBySection(deps.db, eventId, deps.clock.now());
  if (!venue) throw notFound(MESSAGES.eventNotFound);
  if (!venue.selling) throw badRequest(MESSAGES.salesClosed);
  // Nearest the court or stage first: the lower boxes, then the upper ones, each in the venue's order.
  const sections = [...venue.sections].sort((a, b) => Number(a.level !== 'lower') - Number(b.level !== 'lower') || a.id - b.id);
  const best = bestAvailableAcross(
    sections.map((s) => ({ rows: sectionRows(s.capacity, s.seat_rows ?? s.level), taken: new Set(s.taken) })),
    count,
  );
  const section = best && sections[best.index];
  return best && section ? { sectionId: section.id, seats: best.seats } : null;
}

/** Expires every due hold, in bounded batches (the periodic sweep). */
export async function sweepExpiredHolds(deps: Pick<BookingDeps, 'db' | 'clock'>, options: { batch?: number; maxBatches?: number } = {}): Promise<{ orders: number; seats: number }> {
  const batch = options.batch ?? 500;
  const total = { orders: 0, seats: 0 };
  for (let i = 0; i < (options.maxBatches ?? 20); i += 1) {
    const done = await retrying(() => repo.expireDueHolds(deps.db, deps.clock.now(), batch));
    total.orders += done.orders;
    total.seats += done.seats;
    if (done.orders < batch) break;
  }
  return total;
}

/** Another user's order answers like a missing one: ids cannot be probed. */
export async function getOrder(deps: Pick<BookingDeps, 'db' | 'clock' | 'signer'>, userId: number, orderId: number): Promise<OrderSummary> {
  const row = await orders.findOrder(deps.db, orderId);
  if (!row || row.user_id !== userId) throw notFound(MESSAGES.orderNotFound);
  return toSummary(row, deps.clock.now(), deps.signer);
}

/**
 * POST /api/orders/:id/release: the caller gives back the seats of their held order.
 * 200 with the order, now expired (also when it had already run out or been released); 404 for
 * another user's or a missing order; 409 when it is paid or being paid.
 */
export async function releaseOrder(deps: Pick<BookingDeps, 'db' | 'clock' | 'signer'>, userId: number, orderId: number): Promise<OrderSummary> {
  const outcome = await retrying(() => repo.releaseHold(deps.db, orderId, userId, deps.clock.now()));
  if (!outcome) throw notFound(MESSAGES.orderNotFound);
  if (outcome.status === 'paid') throw new AppError(409, MESSAGES.paidNotReleased);
  if (outcome.paying) throw paymentInProgress();
  return getOrder(deps, userId, orderId);
}

/** GET /api/events/:id/my-hold: the caller's live hold of the event (checkout in a new tab or on another device), or null. */
export async function liveHold(deps: Pick<BookingDeps, 'db' | 'clock' | 'signer'>, userId: number, eventId: number): Promise<OrderSummary | null> {
  const now = deps.clock.now();
  const row = await orders.findLiveHold(deps.db, userId, eventId, now);
  return row && toSummary(row, now, deps.signer);
}

/** The newest orders of the user first. */
export async function listOrders(deps: Pick<BookingDeps, 'db' | 'clock' | 'signer'>, userId: number, limit = 200): Promise<OrderSummary[]> {
  const now = deps.clock.now();
  return (await orders.findOrdersOfUser(deps.db, userId, limit)).map((row) => toSummary(row, now, deps.signer));
}
