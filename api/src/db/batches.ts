// Work that goes to PostgreSQL in batches: a call that finds no batch in flight goes at once,
// alone; calls that arrive while batches are in flight wait and then go together as the next one.
// Nothing waits for company on a timer, so an idle process adds no delay, and a busy one batches
// by itself: the busier it is, the more each round trip and each commit carries.

export interface BatchOptions<I> {
  /** Most items in one batch. */
  maxBatch: number;
  /** Batches in flight at once. */
  maxInFlight: number;
  /**
   * Whether `item` may join `batch` (the items taken so far, never empty); the first item that may
   * not ends the batch and goes first in the next one, so items go in the order they came.
   */
  fits?: (batch: readonly I[], item: I) => boolean;
}

export interface Batches<I, O> {
  /** Resolves with this item's own answer, or rejects with its batch's error. */
  add(item: I): Promise<O>;
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(err: unknown): void;
}

/** `run` answers a batch: one answer per item, in the items' order. */
export function createBatches<I, O>(run: (items: I[]) => Promise<O[]>, options: BatchOptions<I>): Batches<I, O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;

  const send = (batch: Waiting<I, O>[]): void => {
    inFlight += 1;
    run(batch.map((w) => w.item))
      .then((results) => {
        if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} got ${results.length} answers`);
        batch.forEach((w, i) => w.resolve(results[i] as O));
      })
      .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
      .finally(() => {
        inFlight -= 1;
        pump();
      });
  };

  /** How many of the waiting items go in the next batch: at least one, within the limits. */
  function nextBatchSize(): number {
    const taken: I[] = [];
    for (const w of queue) {
      if (taken.length === options.maxBatch || (taken.length > 0 && options.fits && !options.fits(taken, w.item))) break;
      taken.push(w.item);
    }
    return taken.length;
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && queue.length > 0) send(queue.splice(0, nextBatchSize()));
  }

  return {
    add(item) {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
