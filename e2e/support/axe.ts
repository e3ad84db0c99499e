import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core from node_modules, read once; evaluated in the page (not a <script>, so CSP allows it). */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA rules plus axe's best practices; only serious and critical ones fail a journey. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string; html: string }>;
};

/** The violations axe finds on the page as it is now (all impacts). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as {
      violations: Violation[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html.slice(0, 160) })),
    }));
  }, TAGS);
}

/** One readable block per violation: rule, impact, and the first few elements with axe's reason. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    ${JSON.stringify(n.target)} ${n.html}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `- ${v.id} (${v.impact}, ${v.nodes.length} elements): ${v.help}\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Runs axe-core on the current screen and fails on any serious or critical violation, listing
 * them readably. Call it after the screen shows what it is about (wait for visible state first).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let Mantine's enter transitions finish: half-faded text would be measured at half contrast. A
  // dialog's fade may not have started yet (its first frame sets opacity 0 before the transition
  // runs), so an open dialog must also be fully opaque, itself and every ancestor.
  await page
    .waitForFunction(
      () => {
        const opaque = (element: Element | null): boolean =>
          element === null || (getComputedStyle(element).opacity === '1' && opaque(element.parentElement));
        return (
          [...document.querySelectorAll('[role="dialog"]')].every(opaque) &&
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY)
        );
      },
      undefined,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  const failing = (await axeViolations(page)).filter((v) => v.impact && FAILING.has(v.impact));
  if (failing.length > 0) {
    throw new Error(
      `accessibility: ${failing.length} serious/critical axe violation(s) on "${screen}" (${page.url()}):\n${describeViolations(failing)}`,
    );
  }
}
