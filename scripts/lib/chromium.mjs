import { ensureDebianPackage } from './apt.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium';
/**
 * Debian's headless-only build of the same Chromium (package chromium-headless-shell): no browser
 * window machinery to drive, so the end-to-end suites spend about half the CPU they spend in the
 * full browser's headless mode (81 s against 44 s for three suites here).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell';

/** Debian's chromium, for the benches that drive a full browser (Lighthouse, paint timings): installed with apt-get when missing and we are root. */
export function ensureChromium() {
  return ensureDebianPackage({ path: CHROMIUM_PATH, packageName: 'chromium', purpose: 'the benches in a browser', override: 'CHROMIUM_PATH' });
}

/** Debian's chromium-headless-shell, for the end-to-end tests: installed with apt-get when missing and we are root. */
export function ensureHeadlessShell() {
  return ensureDebianPackage({ path: HEADLESS_SHELL_PATH, packageName: 'chromium-headless-shell', purpose: 'the end-to-end tests', override: 'CHROMIUM_PATH' });
}
