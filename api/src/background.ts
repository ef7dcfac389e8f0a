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
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, fn) {
      // setImmediate: the task starts after the current request has written its answer.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(fn)
        .catch((err: unknown) => logger.error({ err, task: name }, 'background task failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drain() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
