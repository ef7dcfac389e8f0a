import { ensureDebianPackage } from './apt.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium';

/** Debian's chromium for the end-to-end tests: installed with apt-get when missing and we are root. */
export function ensureChromium() {
  return ensureDebianPackage({ path: CHROMIUM_PATH, packageName: 'chromium', purpose: 'the end-to-end tests', override: 'CHROMIUM_PATH' });
}
