// `npm run bench:bundle`: gzipped JavaScript the home page downloads in Chromium, and the
// gzipped size of each remote's entry and chunks. Target (PRODUCT.md §8): home page JS <= 150 KB gzip;
// exits non-zero above it (or when the home page downloads admin or organizer code).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';

ensureInstalled();
const { buildAll } = await import('../scripts/lib/build.mjs');
const { ensureChromium } = await import('../scripts/lib/chromium.mjs');
const { startStack } = await import('../scripts/lib/stack.mjs');
const { chromium } = await import('playwright-core');

const BUDGET_KB = 150;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

buildAll();
const executablePath = ensureChromium();
const pgDataDir = join(ROOT, '.data', 'bench-pg');
rmSync(pgDataDir, { recursive: true, force: true });
const stack = await startStack({ pgDataDir, ports: { api: 0, shell: 0, booking: 0, admin: 0, organizer: 0 }, hostname: '127.0.0.1', env: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
});

let overBudget = false;
try {
  const page = await browser.newPage();
  const downloads = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') downloads.push({ type, url: response.url(), body: await response.body() });
  });
  await page.goto(stack.urls.shell);
  await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
  await page.waitForLoadState('networkidle');

  const origin = (url) => Object.entries({ shell: stack.urls.shell, ...stack.urls.remotes }).find(([, base]) => url.startsWith(base))?.[0] ?? 'other';
  const rowsOf = (type) =>
    downloads
      .filter((d) => d.type === type)
      .map(({ url, body }) => ({ app: origin(url), file: new URL(url).pathname.slice(1), raw: body.length, gzip: gz(body) }))
      .sort((a, b) => b.gzip - a.gzip);
  const sum = (rows) => rows.reduce((total, row) => total + row.gzip, 0);
  const print = (rows) => rows.forEach((row) => console.log(`  ${row.app.padEnd(9)} ${row.file.padEnd(48)} ${kb(row.gzip).padStart(9)} gzip  (${kb(row.raw)} raw)`));

  const scripts = rowsOf('script');
  const total = sum(scripts);
  overBudget = total > BUDGET_KB * 1024;
  console.log('\nHome page (/) JavaScript downloaded in Chromium:');
  print(scripts);
  console.log(`  total: ${kb(total)} gzip in ${scripts.length} files (budget ${BUDGET_KB} KB: ${overBudget ? 'OVER' : 'within'})`);
  const remotesOnHome = [...new Set(scripts.map((row) => row.app))].filter((app) => app === 'admin' || app === 'organizer');
  console.log(`  admin/organizer code on the home page: ${remotesOnHome.length === 0 ? 'none' : remotesOnHome.join(', ')}`);
  if (remotesOnHome.length > 0) overBudget = true;

  const styles = rowsOf('stylesheet');
  console.log('\nHome page (/) stylesheets (not JavaScript, not in the budget):');
  print(styles);
  console.log(`  total: ${kb(sum(styles))} gzip in ${styles.length} files`);

  const entries = [];
  for (const dir of ['booking-mfe', 'admin-mfe', 'organizer-mfe']) {
    const dist = join(ROOT, dir, 'dist');
    const files = readdirSync(dist).filter((file) => /\.(js|css)$/.test(file));
    console.log(`\n${dir} (gzip):`);
    for (const file of files.sort((a, b) => (a === 'remoteEntry.js' ? -1 : b === 'remoteEntry.js' ? 1 : a.localeCompare(b)))) {
      const size = gz(readFileSync(join(dist, file)));
      if (file === 'remoteEntry.js') entries.push(`${dir} ${kb(size)}`);
      console.log(`  ${file.padEnd(48)} ${kb(size).padStart(9)}`);
    }
  }
  console.log(`\nRemote entries (remoteEntry.js, gzip): ${entries.join(', ')}`);
  console.log(`Home page JavaScript: ${kb(total)} gzip, budget ${BUDGET_KB} KB: ${overBudget ? 'FAILED' : 'ok'}`);
} finally {
  await browser.close();
  await stack.stop();
}
process.exitCode = overBudget ? 1 : 0;
