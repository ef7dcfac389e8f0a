// Wiring of the booking module: its dependencies from configuration, and the periodic sweep.
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { createLogger } from '../logger';
import type { Logger } from '../logger';
import { startPeriodic } from '../background';
import { createRateLimiter } from '../rate-limit/rate-limiter';
import { createSectionCatalog } from '../sections/section-catalog';
import { createTicketSigner, resolveSigningKey } from '../orders/ticket-signing';
import { retrying } from '../db/retry';
import { sweepExpiredHolds } from './booking.service';
import { createHoldBatcher } from './hold-seats';
import { createLiveSeats } from './live-seats';
import type { LiveSeats } from './live-seats';
import type { BookingDeps } from './booking.service';
import { reconcilePendingPayments } from './payment.service';
import { sendDueTicketMails } from '../mail/owed-ticket-mail';
import { RecordOnlyProvider } from './payment';

export { bookingRouter, paymentRouter, seatMapRouter, specSeatCallsRouter } from './booking.routes';
export type { BookingDeps } from './booking.service';
export { createLiveSeats } from './live-seats';
export type { LiveSeats } from './live-seats';

/**
 * The signing key comes from TICKET_SIGNING_KEY, or outside production from .data/keys (created
 * once). Without `live`, the grid's and the seat map's answers are read from the database on every call.
 */
export function createBookingDeps(config: Config, deps: { db: Db; clock: Clock; logger?: Logger; mail?: BookingDeps['mail']; live?: LiveSeats }): BookingDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    settings: { maxSeatsPerOrder: config.booking.maxSeatsPerOrder, holdMinutes: config.booking.holdMinutes, maxSeatsPerAccount: config.booking.maxSeatsPerAccount, lawDiscountPercent: config.booking.lawDiscountPercent },
    signer: createTicketSigner(resolveSigningKey(config.booking.ticketSigningKey)),
    payments: new RecordOnlyProvider(),
    sections: createSectionCatalog(deps.db),
    holds: createHoldBatcher(deps.db, { maxBatch: config.booking.batchMax, maxInFlight: config.booking.batchesInFlight, run: retrying }),
    live: deps.live ?? createLiveSeats({ db: deps.db, databaseUrl: null }),
    verifyLimit: { limiter: createRateLimiter(deps.db, deps.logger ?? createLogger('silent')), perIp: config.rateLimits.ticketVerifyPerIp },
    ...(deps.logger ? { logger: deps.logger } : {}),
    ...(deps.mail ? { mail: deps.mail } : {}),
  };
}

export interface HoldSweeper {
  /** Runs one sweep now (also what the timer does). */
  sweepNow(): Promise<void>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/** Owed ticket mails one sweep sends at most, so that a sweep (and a stop waiting for it) stays short. */
const TICKET_MAILS_PER_SWEEP = 100;

/** Payments pending this long are looked up at the provider by the sweep (a process died, a confirmation never came). */
export const RECONCILE_AFTER_MS = 30_000;

/**
 * Every `intervalSeconds`, expires due holds and frees their seats (a booking expires only a due
 * hold that owns a seat it asks for, in its own transaction), then settles payments stuck with the provider,
 * then sends ticket mails their paying process did not (owed-ticket-mail.ts). Safe with many API processes: the sweep takes rows with SKIP LOCKED, so processes share the
 * work and never wait on each other, and settling a payment is idempotent. A sweep still running
 * when the next tick comes is not started twice. 0 seconds = no timer.
 */
export function startHoldSweeper(deps: BookingDeps, intervalSeconds: number): HoldSweeper {
  const sweep = async (): Promise<void> => {
    const done = { ...(await sweepExpiredHolds(deps)), payments: await reconcilePendingPayments(deps, { olderThanMs: RECONCILE_AFTER_MS }) };
    const ticketMails = await sendDueTicketMails(deps, TICKET_MAILS_PER_SWEEP);
    if (done.orders > 0 || done.payments > 0 || ticketMails > 0) deps.logger?.info({ ...done, ticketMails }, 'expired holds freed, stuck payments settled, owed ticket mails sent');
  };
  const periodic = startPeriodic('hold sweep', sweep, intervalSeconds, deps.logger);
  return { sweepNow: periodic.runNow, stop: periodic.stop };
}
