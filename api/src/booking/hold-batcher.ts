// Batching of concurrent holds (issue 13). A book call that finds no batch of this process in
// flight goes to PostgreSQL at once, alone; calls that arrive while one is in flight wait for it
// and then go together as the next batch: one statement, one commit (bookHolds). Nothing waits
// for company on a timer, so an idle process adds no delay, and a busy one batches by itself:
// the busier it is, the more each round trip carries.
import type { Db } from '../db';
import * as repo from './booking.repository';

/**
 * Most seats in one batch (a request with more still goes, alone). book_holds takes an advisory
 * lock per seat (migration 0207), and PostgreSQL's lock table holds 64 x max_connections locks by
 * default: 6,400 with 100 connections, room for 25 batches of this size in flight at once.
 */
export const MAX_BATCH_SEATS = 256;

export interface HoldBatcher {
  /** Books one request; resolves with its own answer (or rejects with its batch's error). */
  book(hold: repo.NewHold): Promise<repo.HoldResult>;
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

export function createHoldBatcher(db: Db, options: HoldBatcherOptions): HoldBatcher {
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
    book(hold) {
      return new Promise((resolve, reject) => {
        queue.push({ hold, resolve, reject });
        pump();
      });
    },
  };
}
