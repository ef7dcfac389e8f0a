// `npm run bench:banners`: what re-encoding an uploaded banner costs (api/dist/uploads: the header
// and end checks, then sharp's decode and the two WebP sizes, exactly as an upload runs them).
//
// Inputs, drawn with sharp: a 12-megapixel photo-like JPEG (4000 x 3000) under the 5 MB limit, a
// 16-megapixel one-colour PNG (4000 x 4000, a few KB), a 1920 x 1080 PNG screenshot-like gradient
// and a small 64 x 36 PNG. For each: its bytes, then BENCH_RUNS re-encodes (default 5, after one
// warm-up) with the median and slowest time, the page and card sizes and bytes; then four 12 MP
// re-encodes started at once (they take turns two at a time) and how long the event loop stalled
// meanwhile (it should not: libvips works on libuv's threads).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ensureInstalled, ROOT } from '../scripts/lib/install.mjs';

ensureInstalled();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const require = createRequire(import.meta.url);

console.log('building the API (tsc -b packages/contracts packages/seating api)');
const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'packages/seating', 'api'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the API build failed');

const sharp = require(join(ROOT, 'node_modules/sharp'));
const { reencodeBanner } = require(join(ROOT, 'api/dist/uploads/banners.service.js'));
const { encodePng } = require(join(ROOT, 'api/dist/uploads/png-image.js'));

const noise = (width, height) => sharp({ create: { width, height, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 120, sigma: 18 } } });
const inputs = [
  ['12 MP photo-like JPEG 4000 x 3000', await noise(4000, 3000).blur(1.2).jpeg({ quality: 85 }).toBuffer()],
  ['16 MP one-colour PNG 4000 x 4000', await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#1d4ed8' } }).png({ palette: true, compressionLevel: 9 }).toBuffer()],
  ['1920 x 1080 gradient PNG', encodePng(1920, 1080, (x, y) => [(x * 255) / 1919, (y * 255) / 1079, 128])],
  ['64 x 36 PNG', encodePng(64, 36, (x, y) => [x * 4, y * 7, 128])],
];

const ms = (ns) => Number(ns) / 1e6;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const [name, bytes] of inputs) {
  await reencodeBanner(bytes);
  const times = [];
  let out;
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    out = await reencodeBanner(bytes);
    times.push(ms(process.hrtime.bigint() - start));
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name} (${kb(bytes.length)}): median ${times[times.length >> 1].toFixed(0)} ms, slowest ${times[times.length - 1].toFixed(0)} ms;` +
      ` page ${out.page.width} x ${out.page.height} ${kb(out.page.bytes.length)}, card ${out.card.width} x ${out.card.height} ${kb(out.card.bytes.length)}`,
  );
}

const [, photo] = inputs[0];
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const start = process.hrtime.bigint();
await Promise.all([1, 2, 3, 4].map(() => reencodeBanner(photo)));
delay.disable();
console.log(`four 12 MP re-encodes at once: ${ms(process.hrtime.bigint() - start).toFixed(0)} ms in all; event loop delay max ${ms(delay.max).toFixed(0)} ms, p99 ${ms(delay.percentile(99)).toFixed(0)} ms`);
