// How a book-seats call holds its seats: holdSeats(request) answers that request, and everything
// that makes the sale-day hot path fast is behind it or explained here, once.
//
// - One statement per batch (db/batches.ts): a call alone goes at once; calls that arrive while a
//   batch is in flight go together as the next one: one statement (repo.bookHolds, a named
//   prepared statement), one commit.
// - No other round trip. book-seats.php is mounted before the `authenticate` middleware
//   (specSeatCallsRouter in booking.routes.ts): the statement checks the session, the event and the
//   section itself. The sections are reference data kept in memory (sections/section-catalog.ts)
//   and the strict body parser is built once (http/validate.ts bodyParser).
// - One object layout per request. bookSeats hands holdSeats the same object shape on every call
//   (no spreads), and the HTTP server creates requests and responses with Express's prototypes
//   already in place (createHttpServer in server.ts), so V8 sees one hidden class from request to
//   request instead of a new one per call (api/test/hidden-classes.test.ts holds that).
import type { Db } from '../db';
import { createBatches } from '../db/batches';
import * as repo from './booking.repository';

/**
 * Most seats in one batch (a request with more still goes, alone). book_holds takes an advisory
 * lock per seat, and PostgreSQL's lock table holds 64 x max_connections locks by
 * default: 6,400 with 100 connections, room for 25 batches of this size in flight at once.
 */
export const MAX_BATCH_SEATS = 256;

export interface SeatHolds {
  /** Holds the seats of one request; resolves with its own answer (or rejects with its batch's error). */
  holdSeats(hold: repo.NewHold): Promise<repo.HoldResult>;
}

export interface HoldBatcherOptions {
  /** Most requests in one statement (BOOK_BATCH_MAX). */
  maxBatch: number;
  /** Batches of this process in flight at once. */
  maxInFlight: number;
  /** How a batch statement is run (the service passes its deadlock retry). */
  run?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** holdSeats over batches of this process's concurrent requests (see the top of this file). */
export function createHoldBatcher(db: Db, options: HoldBatcherOptions): SeatHolds {
  const run = options.run ?? ((fn) => fn());
  const seatsOf = (holds: readonly repo.NewHold[]): number => holds.reduce((n, h) => n + h.seats.length, 0);
  const batches = createBatches((holds: repo.NewHold[]) => run(() => repo.bookHolds(db, holds)), {
    maxBatch: options.maxBatch,
    maxInFlight: options.maxInFlight,
    fits: (batch, hold) => seatsOf(batch) + hold.seats.length <= MAX_BATCH_SEATS,
  });
  return { holdSeats: (hold) => batches.add(hold) };
}
