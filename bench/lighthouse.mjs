// `npm run bench:lighthouse`: Lighthouse (the pinned npm package, its default mobile profile: a
// Moto G Power screen, slow 4G and a 4x slower CPU, simulated) on the pages a new visitor meets
// first, in Debian's Chromium against the built stack on a fresh demo database.
// Prints one row a page: the four category scores, cumulative layout shift and largest contentful
// paint; performance is the median of LIGHTHOUSE_RUNS runs (default 3), the others come from the
// run with that median. Exits 1 when a page misses a target:
//   performance >= 90, accessibility, best practices and SEO 100, CLS <= 0.05, LCP <= 2.5 s.
// LIGHTHOUSE_PAGES (comma-separated paths) measures only those pages.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';
import { cleanup, stops, wasInterrupted } from './lib/cleanup.mjs';

ensureInstalled();
const { buildAll } = await import('../scripts/lib/build.mjs');
const { ensureChromium } = await import('../scripts/lib/chromium.mjs');
const { startStack } = await import('../scripts/lib/stack.mjs');
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/genre/sports,/events/1,/events/1/seatmap,/login,/search?q=basketball').split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.05, lcpMs: 2500 };

buildAll();
const chromePath = ensureChromium();
const pgDataDir = join(ROOT, '.data', 'bench-lighthouse-pg');
rmSync(pgDataDir, { recursive: true, force: true });
const stack = await startStack({ pgDataDir, ports: { api: 0, shell: 0, booking: 0, admin: 0, organizer: 0 }, hostname: '127.0.0.1', env: { LOG_LEVEL: 'warn' } });
stops.push(() => stack.stop());

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
});
stops.push(async () => chrome.kill());

/** One Lighthouse run of a page: its scores (0-100), CLS and LCP, and the audits that cost it points. */
async function measure(path) {
  const { lhr } = await lighthouse(`${stack.urls.shell}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]));
  const failing = CATEGORIES.flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
  );
  return {
    scores,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    failing,
  };
}

const rows = [];
try {
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS && !wasInterrupted(); i++) runs.push(await measure(path));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    rows.push({ path, ...runs[Math.floor(runs.length / 2)] });
  }
} finally {
  await cleanup();
}

const missed = (row) => [
  ...CATEGORIES.filter((id) => row.scores[id] < TARGETS[id]).map((id) => `${id} ${row.scores[id]} < ${TARGETS[id]}`),
  ...(row.cls > TARGETS.cls ? [`CLS ${row.cls.toFixed(3)} > ${TARGETS.cls}`] : []),
  ...(row.lcpMs > TARGETS.lcpMs ? [`LCP ${(row.lcpMs / 1000).toFixed(2)} s > ${TARGETS.lcpMs / 1000} s`] : []),
];

console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile profile, median performance of ${RUNS} runs`);
console.log('| Page | Performance | Accessibility | Best practices | SEO | CLS | LCP |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  const s = row.scores;
  console.log(`| ${row.path} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${row.cls.toFixed(3)} | ${(row.lcpMs / 1000).toFixed(2)} s |`);
}
let failed = false;
for (const row of rows) {
  const misses = missed(row);
  if (misses.length === 0) continue;
  failed = true;
  console.log(`\n${row.path} misses: ${misses.join('; ')}`);
  for (const audit of row.failing) console.log(`  - ${audit}`);
}
console.log(failed ? '\nSome pages miss their targets.' : '\nEvery page meets its targets.');
process.exit(failed ? 1 : 0);
