// The main thread's work during a page load, read from the trace Lighthouse records
// (`--save-assets`) with Lighthouse's own trace library (tracehouse): its tasks, their
// categories (script, style and layout, parsing, …) and the script each is attributed to.
//
// Two clocks: wall time (`dur`, what Lighthouse's simulation multiplies by its CPU slowdown)
// and thread time (`tdur`, the CPU the renderer's main thread spent). On a busy host a task's
// wall time grows with the other work that preempts it; its thread time does not, so thread
// time is the figure to compare builds by.
import { readFileSync } from 'node:fs';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** Lighthouse's task groups (tracehouse/task-groups.js) as reported, in this order. */
export const GROUPS = {
  scriptEvaluation: 'script',
  styleLayout: 'style/layout',
  parseHTML: 'parse',
  scriptParseCompile: 'compile',
  paintCompositeRender: 'paint',
  garbageCollection: 'GC',
  other: 'other',
};

/** Script time the trace ties to no script: promise callbacks (`RunMicrotasks`) and the like. */
export const NO_SCRIPT = '(promise jobs)';

/** Thread time of a task node in ms; undefined when its trace event carries none. */
function threadMs({ event, endEvent }) {
  if (event.tdur !== undefined) return event.tdur / 1000;
  if (endEvent?.tts !== undefined && event.tts !== undefined)
    return (endEvent.tts - event.tts) / 1000;
  return undefined;
}

/** A chunk's name without its content hash: `…/assets/index-DMJfULo_.js` → `index`. */
export const chunkName = (url) =>
  (new URL(url).pathname.split('/').pop() ?? url).replace(/(-[\w-]{8})?\.m?js$/, '');

const isScriptUrl = (url) => /^https?:.*\.m?js(\?|$)/.test(url);

/**
 * The script a module evaluation ran: `v8.evaluateModule` names none, the `ModuleEvaluated`
 * event written as it ends names the script's id, and the script's compilation its URL.
 */
function moduleScripts(events, pid, tid) {
  const urls = new Map();
  for (const e of events) {
    const data = e.args?.data;
    if (e.pid === pid && (e.name === 'v8.compileModule' || e.name === 'v8.compile') && data?.url)
      urls.set(data.scriptId, data.url);
  }
  const ends = events
    .filter((e) => e.name === 'ModuleEvaluated' && e.pid === pid && e.tid === tid)
    .map((e) => ({ ts: e.ts, url: urls.get(e.args?.data?.scriptId) }));
  return (event) => {
    const end = event.ts + (event.dur ?? 0);
    return ends.find((m) => m.ts >= end - 1 && m.ts - end < 1000)?.url;
  };
}

/**
 * The main-thread work of the navigation a trace recorded, from its start to the end of the
 * trace (Lighthouse stops once the page and the network have been quiet a while): wall and
 * thread ms in all, thread ms per category (GROUPS), thread ms of script per chunk, and the
 * longest task.
 */
export function mainThreadWork(traceFile) {
  const trace = JSON.parse(readFileSync(traceFile, 'utf8'));
  const processed = TraceProcessor.processTrace(trace);
  const { pid, tid } = processed.mainThreadEvents[0];
  const moduleUrl = moduleScripts(trace.traceEvents ?? trace, pid, tid);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ).filter((task) => task.startTime >= 0);
  const groups = Object.fromEntries(Object.keys(GROUPS).map((g) => [g, 0]));
  const chunks = new Map();
  const visit = (node, inherited) => {
    const own = threadMs(node);
    // A child without a thread time stays in its parent's self time.
    const children = node.children.reduce((sum, child) => sum + (threadMs(child) ?? 0), 0);
    const self = own === undefined ? 0 : Math.max(0, own - children);
    const group = node.group.id in groups ? node.group.id : 'other';
    groups[group] += self;
    const url =
      (node.event.name === 'v8.evaluateModule' ? moduleUrl(node.event) : undefined) ??
      node.attributableURLs.find(isScriptUrl) ??
      inherited;
    if (group === 'scriptEvaluation' || group === 'scriptParseCompile') {
      const name = url ? chunkName(url) : NO_SCRIPT;
      chunks.set(name, (chunks.get(name) ?? 0) + self);
    }
    for (const child of node.children) visit(child, url);
  };
  let wall = 0;
  let cpu = 0;
  let longest = { wall: 0, cpu: 0 };
  for (const task of tasks.filter((t) => !t.parent)) {
    const taskCpu = threadMs(task) ?? 0;
    wall += task.duration;
    cpu += taskCpu;
    if (task.duration > longest.wall) longest = { wall: task.duration, cpu: taskCpu };
    visit(task, undefined);
  }
  return { wall, cpu, groups, chunks, longest };
}
