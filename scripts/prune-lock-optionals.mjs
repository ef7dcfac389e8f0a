// Run after `npm install` changes package-lock.json (`npm run lock:prune`).
// Some native packages list optional platform builds (darwin, win32, riscv…) that the package
// registry this project installs from does not serve. npm then leaves them out of the lockfile but
// keeps the edges to them, and `npm ci` refuses the lockfile as "Missing: … from lock file".
// This removes only those dangling optional edges; nothing that installs here changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/install.mjs';

const file = join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));

function isInLock(from, name) {
  // Node resolution: the package's own node_modules, then each parent's, then the root.
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir.includes('/node_modules/')) return Boolean(lock.packages[`node_modules/${name}`]);
  }
}

const removed = [];
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (isInLock(key, name)) continue;
    delete entry.optionalDependencies[name];
    removed.push(name);
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(removed.length ? `Removed ${removed.length} optional edges to packages absent from the lockfile: ${removed.join(', ')}` : 'Nothing to prune.');
