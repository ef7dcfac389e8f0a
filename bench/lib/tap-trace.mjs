// Reads a Chromium performance trace of taps: for each tap, the main thread's work from the click's
// dispatch to the end of the frame that shows it (the sum of the main thread's tasks in that span,
// so time spent waiting for the next frame does not count), and that span's wall-clock length.

/** Trace categories for tapWork: input events, the frame's steps and the main thread's tasks. */
export const TAP_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'];

/** Per click in the trace: { work, wall } in ms, the frame ending with its Commit. */
export function tapWork(traceBuffer) {
  const { traceEvents } = JSON.parse(traceBuffer.toString());
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const events = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur).sort((a, b) => a.ts - b.ts);
  // Outermost tasks only: a task inside another would count twice.
  const tasks = [];
  for (const e of events) {
    if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') continue;
    const last = tasks[tasks.length - 1];
    if (!last || e.ts >= last.ts + last.dur) tasks.push(e);
  }
  const taps = [];
  for (const click of events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click')) {
    const commit = events.find((e) => e.name === 'Commit' && e.ts > click.ts);
    if (!commit) continue;
    const [from, to] = [click.ts, commit.ts + commit.dur];
    let work = 0;
    for (const task of tasks) if (task.ts < to && task.ts + task.dur > from) work += Math.min(to, task.ts + task.dur) - Math.max(from, task.ts);
    taps.push({ work: work / 1000, wall: (to - from) / 1000 });
  }
  return taps;
}
