// How a book-seats call holds its seats: holdSeats(request) answers that request, and everything
// that makes the sale-day hot path fast is behind it or explained here, once.
//
// - One statement per batch. A call that finds no batch of this process in flight goes to
//   PostgreSQL at once, alone; calls that arrive while one is in flight wait for it and then go
//   together as the next batch: one statement (repo.bookHolds, a named prepared statement), one
//   commit. Nothing waits for company on a timer, so an idle process adds no delay, and a busy one
//   batches by itself: the busier it is, the more each round trip carries.
// - No other round trip. book-seats.php is mounted before the `authenticate` middleware
//   (specSeatCallsRouter in booking.routes.ts): the statement checks the session, the event and the
//   section itself. The sections are reference data kept in memory (sections/section-catalog.ts)
//   and the strict body parser is built once (http/validate.ts bodyParser).
// - One object layout per request. bookSeats hands holdSeats the same object shape on every call
//   (no spreads), and the HTTP server creates requests and responses with Express's prototypes
//   already in place (createHttpServer in server.ts), so V8 sees one hidden class from request to
//   request instead of a new one per call (api/test/hidden-classes.test.ts holds that).
import type { Db } from '../db';
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

interface Waiting {
  hold: repo.NewHold;
  resolve(result: repo.HoldResult): void;
  reject(err: unknown): void;
}

/** holdSeats over batches of this process's concurrent requests (see the top of this file). */
export function createHoldBatcher(db: Db, options: HoldBatcherOptions): SeatHolds {
  const run = options.run ?? ((fn) => fn());
  const queue: Waiting[] = [];
  let inFlight = 0;

  const send = (batch: Waiting[]): void => {
    inFlight += 1;
    run(() => repo.bookHolds(db, batch.map((w) => w.hold)))
      .then((results) => {
        if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} holds got ${results.length} answers`);
        batch.forEach((w, i) => w.resolve(results[i] as repo.HoldResult));
      })
      .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
      .finally(() => {
        inFlight -= 1;
        pump();
      });
  };

  /** How many of the waiting requests go in the next batch: at least one, within both limits. */
  function nextBatchSize(): number {
    let seats = 0;
    let n = 0;
    for (const w of queue) {
      if (n === options.maxBatch || (n > 0 && seats + w.hold.seats.length > MAX_BATCH_SEATS)) break;
      seats += w.hold.seats.length;
      n += 1;
    }
    return n;
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && queue.length > 0) send(queue.splice(0, nextBatchSize()));
  }

  return {
    holdSeats(hold) {
      return new Promise((resolve, reject) => {
        queue.push({ hold, resolve, reject });
        pump();
      });
    },
  };
}
