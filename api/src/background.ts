import type { Logger } from './logger';

/**
 * Work a request starts and does not wait for (e.g. the password-reset mail, so the answer
 * takes the same time whether or not the email exists). Failures are logged; stopping the
 * server waits for what is still running.
 */
export interface BackgroundTasks {
  run(name: string, fn: () => Promise<void>): void;
  /** Resolves once every task started so far has finished. */
  drain(): Promise<void>;
  /** Set by close: work that can wait for later (off-peak.ts) is not started any more. */
  readonly closing: boolean;
  /** The server is stopping: no more work that can wait is started; then drain. */
  close(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  let closing = false;
  const drain = async (): Promise<void> => {
    while (running.size) await Promise.all([...running]);
  };
  return {
    run(name, fn) {
      // setImmediate: the task starts after the current request has written its answer.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(fn)
        .catch((err: unknown) => logger.error({ err, task: name }, 'background task failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    drain,
    get closing() {
      return closing;
    },
    async close() {
      closing = true;
      await drain();
    },
  };
}

/** Work repeated on a timer: `runNow` starts one run unless one is running (then it waits for that one). */
export interface Periodic {
  runNow(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalSeconds` (0 = no timer, only runNow), never twice at once; a run
 * that fails is logged as `name` failed and the next one runs as planned.
 */
export function startPeriodic(name: string, task: () => Promise<void>, intervalSeconds: number, logger?: Logger): Periodic {
  let running: Promise<void> | null = null;
  const runNow = (): Promise<void> => {
    running ??= task()
      .catch((err: unknown) => logger?.error({ err }, `${name} failed`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = intervalSeconds > 0 ? setInterval(() => void runNow(), intervalSeconds * 1000) : null;
  timer?.unref();
  return {
    runNow,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
