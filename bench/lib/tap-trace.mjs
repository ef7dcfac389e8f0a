// Reads a Chromium performance trace of taps: for each tap, the main thread's work from the click's
// dispatch to the end of the task that renders the frame showing it (the sum of the main thread's
// tasks in that span, so time spent waiting for the next frame does not count), and that span's
// wall-clock length.

/**
 * Trace categories for tapWork: input events, paints and the main thread's tasks, and no more:
 * every traced event costs the page time, and more so at a CPU slowdown.
 */
export const TAP_TRACE_CATEGORIES = ['devtools.timeline', 'toplevel'];

/** Per click in the trace: { work, wall } in ms. */
export function tapWork(traceBuffer) {
  const { traceEvents } = JSON.parse(traceBuffer.toString());
  // The renderer main thread that saw the taps (other renderers may be in the trace).
  const main = traceEvents.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  if (!main) return [];
  const events = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur).sort((a, b) => a.ts - b.ts);
  // Outermost tasks only: a task inside another would count twice.
  const tasks = [];
  for (const e of events) {
    if (e.name !== 'ThreadControllerImpl::RunTask') continue;
    const last = tasks[tasks.length - 1];
    if (!last || e.ts >= last.ts + last.dur) tasks.push(e);
  }
  const taps = [];
  for (const click of events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click')) {
    // The frame: the first task after the click's own that updates the rendering (its PrePaint: a
    // Paint event is there only when a paint layer was painted again).
    const clickTask = tasks.find((task) => task.ts <= click.ts && click.ts < task.ts + task.dur);
    const after = clickTask ? clickTask.ts + clickTask.dur : click.ts + click.dur;
    const prePaint = events.find((e) => e.name === 'PrePaint' && e.ts >= after);
    const frame = prePaint && tasks.find((task) => task.ts <= prePaint.ts && prePaint.ts < task.ts + task.dur);
    if (!frame) continue;
    const [from, to] = [click.ts, frame.ts + frame.dur];
    let work = 0;
    for (const task of tasks) if (task.ts < to && task.ts + task.dur > from) work += Math.min(to, task.ts + task.dur) - Math.max(from, task.ts);
    taps.push({ work: work / 1000, wall: (to - from) / 1000 });
  }
  return taps;
}
