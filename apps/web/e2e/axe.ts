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
 * Also fails when the page is wider than its screen, and on a touch screen when a target is smaller
 * than 44 px. Animations are settled first: axe reads colours mid-transition otherwise.
 */
export async function expectAccessible(page: Page, where: string) {
  await page.waitForTimeout(300);
  // Sonner's toasts come and go while axe runs; they are checked where a journey shows one. They
  // are hidden during the scan too, or a passing toast counts as covering the header's controls.
  const toaster = (visibility: string) =>
    page.evaluate((v) => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-sonner-toaster]')) el.style.visibility = v;
    }, visibility);
  await toaster('hidden');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('[data-sonner-toaster]')
    .analyze()
    .finally(() => toaster(''));
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
  if (await page.evaluate(() => matchMedia('(pointer: coarse)').matches))
    expect.soft(await smallTargets(page), `touch targets on ${where} are 44 px`).toEqual([]);
}

/**
 * Touch targets under 44 × 44 px (issue 17's rule for phones), as short descriptions. Exempt as
 * WCAG 2.5.5 exempts them: links inside running text, and controls the browser draws (a native
 * checkbox whose label is the target). Hidden and zero-size elements are skipped.
 */
export const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio])',
      'select',
      'textarea',
      '[role=button]',
      '[role=tab]',
      '[role=menuitem]',
      '[role=option]',
      '[role=switch]',
      '[role=checkbox]',
      '[role=radio]',
    ].join(',');
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      // A visually hidden switch or checkbox is hit through its label.
      const box = (el.matches('input') ? (el.closest('label') ?? el) : el).getBoundingClientRect();
      const inText = el.tagName === 'A' && el.closest('p, li, label, [data-inline-text]') !== null;
      if (box.width === 0 || box.height === 0 || inText) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden=true], [inert]')) continue;
      // A control inside a bigger one (a label's input, a button's icon) is hit through it.
      const parent = el.parentElement?.closest(`${selector}, .mantine-Input-input`);
      if (parent && parent.getBoundingClientRect().height >= 44) continue;
      if (box.height < 43.5 || box.width < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        small.push(
          `${el.tagName.toLowerCase()}[${el.className.toString().split(' ')[0] ?? ''}] "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
