// Work that can wait for a quieter moment: the ticket mails of a sale (rendering a QR image and a
// calendar file costs more CPU than the sale's own statements) go out after the peak, not during it.
import type { BackgroundTasks } from './background';

/** How many requests this process started in the last whole second (or this one, if more). */
export interface LoadGauge {
  /** One request started. */
  hit(): void;
  perSecond(): number;
}

export function createLoadGauge(now: () => number = Date.now): LoadGauge {
  let second = 0;
  let count = 0;
  let previous = 0;
  const roll = (): void => {
    const current = Math.floor(now() / 1000);
    if (current === second) return;
    previous = current === second + 1 ? count : 0;
    count = 0;
    second = current;
  };
  return {
    hit() {
      roll();
      count += 1;
    },
    perSecond() {
      roll();
      return Math.max(previous, count);
    },
  };
}

export interface OffPeakQueue {
  /**
   * Runs `fn` after everything pushed before it, once the process starts fewer than
   * `peakPerSecond` requests a second, or at `deadline` (epoch ms) whatever the load. Once the
   * server is stopping (tasks.close) it is not started: the work must be safe to leave for later.
   */
  push(name: string, deadline: number, fn: () => Promise<void>): void;
}

/** One at a time, in the order pushed. */
export function createOffPeakQueue(tasks: BackgroundTasks, load: LoadGauge, options: { peakPerSecond: number; checkMs: number }): OffPeakQueue {
  let tail: Promise<void> = Promise.resolve();
  const sleep = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, options.checkMs));
  return {
    push(name, deadline, fn) {
      const run = tail.then(async () => {
        while (!tasks.closing && load.perSecond() >= options.peakPerSecond && Date.now() < deadline) await sleep();
        if (!tasks.closing) await fn();
      });
      tail = run.catch(() => undefined);
      tasks.run(name, () => run);
    },
  };
}
