// A booking storm and the checker that judges it: no seat live twice, every call either a
// success or a refusal, every refusal naming exactly the seats that others held.
import type { Queryable } from '../../src/db';
import { generator as prng } from '../../src/demo/people';

export interface StormRequest {
  user: number;
  seats: number[];
}

export interface StormResult {
  status: number;
  booked: number[];
  alreadyBooked: number[];
  orderId?: number;
  /** performance.now() when the request was sent and when its answer came back. */
  sentAt?: number;
  receivedAt?: number;
}

/** Runs one storm call and notes when it was sent and answered. */
export async function timed(call: () => Promise<Omit<StormResult, 'sentAt' | 'receivedAt'>>): Promise<StormResult> {
  const sentAt = performance.now();
  const result = await call();
  return { ...result, sentAt, receivedAt: performance.now() };
}

/** Deterministic pseudo-random numbers (the demo data's generator), so a failing storm can be replayed. */
export { prng };

/** `count` requests from `users` users, each for 1..maxSeats distinct seats out of 1..range. */
export function stormRequests(options: { count: number; users: number; range: number; maxSeats: number; seed: number }): StormRequest[] {
  const random = prng(options.seed);
  return Array.from({ length: options.count }, (_, i) => {
    const want = 1 + Math.floor(random() * options.maxSeats);
    const seats = new Set<number>();
    while (seats.size < want) seats.add(1 + Math.floor(random() * options.range));
    // Unsorted on purpose: the server sorts.
    return { user: i % options.users, seats: [...seats] };
  });
}

export interface StormReport {
  total: number;
  successes: number;
  refusals: number;
  /** Calls that were neither 200 nor 409. */
  others: StormResult[];
  /** Seats with more than one live hold or ticket: must be empty. */
  doubles: { seat: number; holders: number }[];
  /**
   * Refusals that did not name exactly the seats taken when they were refused. A named seat must
   * be held at the end (nothing is released during a storm) by a request sent before the refusal
   * came back; an unnamed requested seat that is held at the end must have been won by a request
   * still unanswered when the refused one was sent (it committed after the refusal's check: the
   * refused request may even have held that seat for a moment and rolled back). Without timings,
   * or when nothing else can still commit (a settled storm), that is: exactly
   * requested ∩ seats held at the end.
   */
  wrongRefusals: { request: StormRequest; alreadyBooked: number[]; expected: number[]; why: string }[];
  /** Refusals whose alreadyBooked differs from requested ∩ seats held at the end (informative in a racing storm). */
  refusalsUnlikeEndState: number;
  /** Successes whose seats are not all held by their order at the end. */
  lostSuccesses: { request: StormRequest; booked: number[] }[];
  /** Live seats at the end. */
  heldSeats: number;
  /** Seats the successes were granted. */
  grantedSeats: number;
}

const ascending = (a: number, b: number): number => a - b;

/**
 * Judges a storm from the database: live holds and tickets of the section (at `now`, so an
 * unswept expired hold is not counted), against what every call answered.
 */
export async function checkStorm(db: Queryable, eventId: number, sectionId: number, now: Date, requests: StormRequest[], results: StormResult[]): Promise<StormReport> {
  const { rows } = await db.query<{ seat_number: number; order_id: number }>(
    `SELECT s.seat_number, s.order_id FROM order_seats s JOIN orders o ON o.id = s.order_id
     WHERE s.event_id = $1 AND s.section_id = $2 AND s.live
       AND (o.status = 'paid' OR (o.status = 'held' AND (o.expires_at > $3 OR o.pending_attempt_id IS NOT NULL)))`,
    [eventId, sectionId, now],
  );
  const holders = new Map<number, number[]>();
  for (const r of rows) holders.set(r.seat_number, [...(holders.get(r.seat_number) ?? []), r.order_id]);
  const report: StormReport = {
    total: results.length,
    successes: 0,
    refusals: 0,
    others: [],
    doubles: [...holders].filter(([, orders]) => orders.length > 1).map(([seat, orders]) => ({ seat, holders: orders.length })).sort((a, b) => a.seat - b.seat),
    wrongRefusals: [],
    refusalsUnlikeEndState: 0,
    lostSuccesses: [],
    heldSeats: rows.length,
    grantedSeats: 0,
  };
  const byOrder = new Map<number, StormResult>();
  for (const r of results) if (r.status === 200 && r.orderId !== undefined) byOrder.set(r.orderId, r);
  results.forEach((result, i) => {
    const request = requests[i] as StormRequest;
    if (result.status === 200) {
      report.successes += 1;
      report.grantedSeats += result.booked.length;
      const mine = result.booked.every((seat) => holders.get(seat)?.includes(result.orderId ?? -1));
      if (!mine || result.booked.join() !== [...request.seats].sort(ascending).join()) report.lostSuccesses.push({ request, booked: result.booked });
    } else if (result.status === 409) {
      report.refusals += 1;
      const expected = request.seats.filter((seat) => holders.has(seat)).sort(ascending);
      if (result.alreadyBooked.join() !== expected.join()) report.refusalsUnlikeEndState += 1;
      const why = refusalProblem(request, result, holders, byOrder);
      if (why) report.wrongRefusals.push({ request, alreadyBooked: result.alreadyBooked, expected, why });
    } else {
      report.others.push(result);
    }
  });
  return report;
}

/** Why a refusal's alreadyBooked is not exact, or null when it is (see StormReport.wrongRefusals). */
function refusalProblem(request: StormRequest, refusal: StormResult, holders: Map<number, number[]>, byOrder: Map<number, StormResult>): string | null {
  const named = refusal.alreadyBooked;
  if (named.length === 0) return 'a refusal named no seat';
  if (named.join() !== [...new Set(named)].sort(ascending).join()) return 'named seats not ascending and distinct';
  for (const seat of named) {
    if (!request.seats.includes(seat)) return `named seat ${seat} was not requested`;
    const holder = holders.get(seat)?.[0];
    if (holder === undefined) return `named seat ${seat} is not held by anyone`;
    const winner = byOrder.get(holder);
    if (winner?.sentAt !== undefined && refusal.receivedAt !== undefined && winner.sentAt > refusal.receivedAt) {
      return `named seat ${seat} was won by a request sent after the refusal came back`;
    }
  }
  for (const seat of request.seats) {
    if (named.includes(seat)) continue;
    const holder = holders.get(seat)?.[0];
    if (holder === undefined) continue;
    const winner = byOrder.get(holder);
    const timings = winner?.receivedAt !== undefined && refusal.sentAt !== undefined;
    // Without timings (or a holder from before the storm) the seat was taken all along: it had to be named.
    if (!timings || (winner.receivedAt as number) < (refusal.sentAt as number)) return `seat ${seat} was taken before the request but not named`;
  }
  return null;
}
