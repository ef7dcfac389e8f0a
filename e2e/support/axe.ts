// PRODUCT §8: no serious or critical axe-core violation. axe is evaluated through the DevTools
// protocol: an inline <script> (page.addScriptTag) is refused by the pages' CSP.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The serious and critical axe-core violations of the page as it is now, or of the element that
 * `within` selects when it is there, each as "id (impact): help at its first targets".
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context: Element | Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = (selector === null ? null : document.querySelector(selector)) ?? document;
    // No 'cssom' preload: axe copies the page's stylesheets into inline <style> elements, which the
    // pages' CSP refuses (and the CSP check of every test reports). It serves only css-orientation-lock,
    // and no stylesheet here has an orientation media query.
    return (await axe.run(context, { resultTypes: ['violations'], preload: { assets: ['media'] } })).violations;
  }, within ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
