import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Phone and desktop frames every screen is checked at (issue 17). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;

/** How far the page is wider than the screen (0 when it fits). */
export const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Runs axe (WCAG 2.0–2.2 A/AA rules) on what is on screen and fails on any serious or critical
 * violation, naming each rule and the first offending nodes so a failure reads as a to-do list.
 * Also fails when the page is wider than its screen. Animations are settled first: axe reads
 * colours mid-transition otherwise.
 */
export async function expectAccessible(page: Page, where: string) {
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Sonner's toasts come and go while axe runs; they are checked where a journey shows one.
    .exclude('[data-sonner-toaster]')
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n${v.nodes
        .slice(0, 4)
        .map((n) => `    ${n.html.slice(0, 160)} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`)
        .join('\n')}`,
  );
  expect.soft(report, `axe on ${where}`).toEqual([]);
  expect.soft(await overflow(page), `${where} is no wider than the screen`).toBeLessThanOrEqual(0);
}
