import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium';

/** Debian's chromium for the end-to-end tests: installed with apt-get when missing and we are root. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}. Install Debian's "chromium" package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  console.log('› Installing Debian chromium for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`chromium was installed but ${CHROMIUM_PATH} is missing`);
  return CHROMIUM_PATH;
}
