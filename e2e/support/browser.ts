import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Flags that keep Debian's Chromium headless, quiet and on loopback only. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Every name resolves nowhere but 127.0.0.1 itself, and the given aliases, which resolve to it (a stand-in for a LAN name). */
function resolverRules(aliases: readonly string[]): string {
  return `--host-resolver-rules=${[...aliases.map((name) => `MAP ${name} 127.0.0.1`), 'MAP * ~NOTFOUND', 'EXCLUDE 127.0.0.1'].join(' , ')}`;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the end-to-end tests through \`npm test\``);
  return value;
}

export const baseUrl = () => required('E2E_BASE_URL');
export const apiUrl = () => required('E2E_API_URL');
export const remoteUrls = (): Record<'booking' | 'admin' | 'organizer', string> => JSON.parse(required('E2E_REMOTE_URLS'));

export async function launchBrowser(options: { hostAliases?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: required('CHROMIUM_PATH'), args: [...CHROMIUM_ARGS, resolverRules(options.hostAliases ?? [])], headless: true });
}

/** What the api-client warns when an answer does not match its schema in packages/contracts. */
const CONTRACT_WARNING = /does not match its contract/;

/**
 * A fresh context per test: its own cookies and localStorage. Console errors and page errors are collected.
 * Every Content-Security-Policy violation in its pages, and every answer the api-client found off its
 * contract, is collected too, and closing the context fails the test if there was any: the whole suite
 * runs under the servers' real policy and contracts.
 */
export async function openPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  const violations = await watchCspViolations(context);
  const close = context.close.bind(context);
  const offContract: string[] = [];
  // On the context: a tab the test opens later is watched too.
  context.on('console', (message) => {
    if (message.type() !== 'warning' || !CONTRACT_WARNING.test(message.text())) return;
    const at = `${message.page()?.url() ?? ''}: ${message.text()}`;
    offContract.push(at);
    // The schema's issues, for the failure message.
    const issues = message.args()[1];
    void issues
      ?.evaluate((error) => JSON.stringify((error as { issues?: unknown }).issues ?? null))
      .then((text) => offContract.splice(offContract.indexOf(at), 1, `${at} ${text}`))
      .catch(() => undefined);
  });
  context.close = async (closeOptions) => {
    await close(closeOptions);
    if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n  ${violations.join('\n  ')}`);
    if (offContract.length > 0) throw new Error(`Answers off their contract:\n  ${offContract.join('\n  ')}`);
  };
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Stores a SPEC session object as the login page will; the API still decides what it may do. */
export async function storeSessionUser(page: Page, user: { user_id: number; email: string; first_name: string; last_name: string; role_id: number; role_name: string }) {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), user);
}

/** Records each `securitypolicyviolation` event of the context's pages (enforced or report-only). */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.disposition}: ${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} on ${event.documentURI}${event.sample ? ` (${event.sample})` : ''}`);
    });
  });
  return violations;
}
