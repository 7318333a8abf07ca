#!/usr/bin/env node
// `node scripts/boot-profile.mjs`: where a first load's main-thread time goes, two builds side
// by side in one run (Lighthouse's score alone drifts with this shared host's load). For each
// page and each build in turn, a fresh Chromium context (no service worker, no cache) loads
// the page with the CPU throttled 4× (Lighthouse's mobile factor) under the V8 sampling
// profiler, until the network is idle; then it sums the profile's self time by script and by
// function and reads the long tasks after the first paint (Lighthouse's Total Blocking Time,
// observed rather than simulated). Medians of --runs (default 5), the builds alternating so the
// host's load falls on both alike.
//
//   node scripts/boot-profile.mjs --a http://127.0.0.1:4341 --b http://127.0.0.1:4342 \
//     [--c URL] [--runs 5] [--top 12] [--callers NAME] [/create_id /login /reviews]
//
// Each URL is a production server of one build (e.g. the build of a base commit in its own git
// worktree, and this one). Hashed file names are shown without their hash, so the builds'
// rows line up. A build made with `vite build --sourcemap hidden` has its maps next to its
// files: functions are then named by their source file and line instead of minified names.
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    c: { type: 'string' },
    runs: { type: 'string', default: '5' },
    top: { type: 'string', default: '12' },
    throttle: { type: 'string', default: '4' },
    // How long to keep profiling once the network is idle (ms): late work (the service
    // worker's install and claim) lands after it.
    settle: { type: 'string', default: '0' },
    // Where the self time of the functions whose name contains this string is spent from.
    callers: { type: 'string' },
  },
});
if (!args.a) throw new Error('--a <base URL> is required (--b to compare with a second build)');
const builds = [
  ['A', args.a],
  ...(args.b ? [['B', args.b]] : []),
  ...(args.c ? [['C', args.c]] : []),
];
const pages = positionals.length ? positionals : ['/create_id', '/login', '/reviews'];
const runs = Number(args.runs);

/** `index-AiSeIw-i.js` → `index.js`: the same module of two builds on one row. */
const unhash = (url) => {
  if (!url) return '(native)';
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  return path.replace(/-[\w-]{8}(\.\w+)$/, '$1');
};

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};

/** Source maps by script URL (null when the build has none), fetched once. */
const maps = new Map();
async function loadMaps(profile) {
  for (const { callFrame } of profile.nodes) {
    const { url } = callFrame;
    if (!url || maps.has(url) || !/\.js$/.test(url)) continue;
    maps.set(url, null);
    try {
      const answer = await fetch(`${url}.map`);
      if (answer.ok) maps.set(url, new SourceMapConsumer(await answer.json()));
    } catch {
      // no map: minified names
    }
  }
}

/** `function source:line` of a call frame, through the script's source map when it has one. */
function frameName({ functionName, url, lineNumber, columnNumber }) {
  const map = maps.get(url);
  const original = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (original?.source) {
    const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return `${functionName || '(anonymous)'} ${source}:${original.line}`;
  }
  return `${functionName || '(anonymous)'} ${unhash(url)}:${lineNumber + 1}`;
}

/** Self time (ms) by script and by function from a V8 CPU profile. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byScript = new Map();
  const byFunction = new Map();
  const byCaller = new Map();
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)') continue;
    const script = url ? unhash(url) : functionName || '(anonymous native)';
    add(byScript, script, ms);
    const name = url ? frameName(node.callFrame) : script;
    add(byFunction, name, ms);
    if (args.callers && name.includes(args.callers)) {
      const chain = [];
      for (let id = parent.get(node.id); id && chain.length < 3; id = parent.get(id))
        chain.push(frameName(byId.get(id).callFrame));
      add(byCaller, chain.join(' ← '), ms);
    }
  }
  return { byScript, byFunction, byCaller };
}

async function once(browser, base, page) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  await context.addInitScript(() => {
    globalThis.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        globalThis.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.throttle) });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await tab.goto(base + page, { waitUntil: 'load' });
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(Number(args.settle));
  const { profile } = await cdp.send('Profiler.stop');
  await loadMaps(profile);
  const timing = await tab.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const tasks = globalThis.__longTasks.filter((t) => t.start >= fcp);
    return {
      fcp,
      tbt: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      longest: Math.max(0, ...globalThis.__longTasks.map((t) => t.duration)),
    };
  });
  await context.close();
  return { ...selfTimes(profile), ...timing };
}

function top(results, key, n) {
  const keys = new Set(results.flatMap((r) => [...r[key].keys()]));
  return [...keys]
    .map((k) => [k, median(results.map((r) => r[key].get(k) ?? 0))])
    .sort((x, y) => y[1] - x[1])
    .slice(0, n);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const loadStart = loadavg()[0].toFixed(2);
const results = new Map(builds.map(([name]) => [name, new Map(pages.map((p) => [p, []]))]));
try {
  for (const page of pages) {
    for (let i = 0; i < runs; i++) {
      // Each build goes first in turn: the host's drift falls on all alike.
      const order = builds.map((_, k) => builds[(k + i) % builds.length]);
      for (const [name, base] of order) {
        results.get(name).get(page).push(await once(browser, base, page));
      }
    }
  }
} finally {
  await browser.close();
}
const out = [];
out.push(
  `boot-profile: CPU ${args.throttle}× throttled, median of ${runs}; load average ${loadStart} → ${loadavg()[0].toFixed(2)}`,
);
for (const page of pages) {
  out.push('', `## ${page}`);
  for (const [name, base] of builds) {
    const r = results.get(name).get(page);
    const total = r.map((x) => [...x.byScript.values()].reduce((s, v) => s + v, 0));
    out.push(
      '',
      `${name} ${base}: main thread busy ${median(total).toFixed(0)} ms, long tasks after FCP ` +
        `${median(r.map((x) => x.tbt)).toFixed(0)} ms over 50 (TBT), longest task ` +
        `${median(r.map((x) => x.longest)).toFixed(0)} ms, FCP ${median(r.map((x) => x.fcp)).toFixed(0)} ms`,
    );
    for (const [k, v] of top(r, 'byScript', Number(args.top)))
      out.push(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
    out.push('  by function:');
    for (const [k, v] of top(r, 'byFunction', Number(args.top)))
      out.push(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
    if (args.callers) {
      out.push(`  ${args.callers} called from:`);
      for (const [k, v] of top(r, 'byCaller', Number(args.top)))
        out.push(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
    }
  }
}
process.stdout.write(`${out.join('\n')}\n`);
