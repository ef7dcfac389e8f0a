// `npm run bench:bundle`: gzipped JavaScript the home page downloads in Chromium, and the
// gzipped size of each remote's entry and chunks. Target (PRODUCT.md §8): home page JS <= 150 KB gzip.
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

try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: await response.body() });
  });
  await page.goto(stack.urls.shell);
  await page.getByRole('link', { name: 'Book Now' }).first().waitFor();
  await page.waitForLoadState('networkidle');

  const origin = (url) => Object.entries({ shell: stack.urls.shell, ...stack.urls.remotes }).find(([, base]) => url.startsWith(base))?.[0] ?? 'other';
  const rows = scripts.map(({ url, body }) => ({ app: origin(url), file: new URL(url).pathname.slice(1), raw: body.length, gzip: gz(body) }));
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log('\nHome page (/) JavaScript downloaded in Chromium:');
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${row.app.padEnd(9)} ${row.file.padEnd(48)} ${kb(row.gzip).padStart(9)} gzip  (${kb(row.raw)} raw)`);
  console.log(`  total: ${kb(total)} gzip in ${rows.length} files (budget ${BUDGET_KB} KB: ${total <= BUDGET_KB * 1024 ? 'within' : 'OVER'})`);
  const remotesOnHome = [...new Set(rows.map((row) => row.app))].filter((app) => app === 'admin' || app === 'organizer');
  console.log(`  admin/organizer code on the home page: ${remotesOnHome.length === 0 ? 'none' : remotesOnHome.join(', ')}`);

  for (const dir of ['booking-mfe', 'admin-mfe', 'organizer-mfe']) {
    const dist = join(ROOT, dir, 'dist');
    const files = readdirSync(dist).filter((file) => file.endsWith('.js'));
    console.log(`\n${dir} (gzip):`);
    for (const file of files.sort((a, b) => (a === 'remoteEntry.js' ? -1 : b === 'remoteEntry.js' ? 1 : a.localeCompare(b)))) {
      console.log(`  ${file.padEnd(48)} ${kb(gz(readFileSync(join(dist, file)))).padStart(9)}`);
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}
