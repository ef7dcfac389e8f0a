/**
 * The one source of "now" for time-dependent rules (holds expire, sales close). SQL receives
 * this value as a parameter, never now(), so tests can move time for the app they run.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system clock shifted by an adjustable offset: tests move time forward (or back). */
export interface OffsetClock extends Clock {
  readonly offsetMs: number;
  advance(ms: number): void;
  reset(): void;
}

export function offsetClock(initialOffsetMs = 0): OffsetClock {
  let offset = initialOffsetMs;
  return {
    get offsetMs() {
      return offset;
    },
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    reset() {
      offset = initialOffsetMs;
    },
  };
}
