// Batching of concurrent holds (issue 13). A book call that finds no batch of this process in
// flight goes to PostgreSQL at once, alone; calls that arrive while one is in flight wait for it
// and then go together as the next batch: one statement, one commit (bookHolds). Nothing waits
// for company on a timer, so an idle process adds no delay, and a busy one batches by itself:
// the busier it is, the more each round trip carries.
import type { Db } from '../db';
import * as repo from './booking.repository';

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

  function pump(): void {
    while (inFlight < options.maxInFlight && queue.length > 0) send(queue.splice(0, options.maxBatch));
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
