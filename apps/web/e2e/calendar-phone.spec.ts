import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/** Issue 17 on the calendar: a phone opens the agenda, fits the screen and keeps the controls in reach. */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** How far the page is wider than the screen (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.use(PHONE);

test('a phone opens the agenda, fits the screen and folds the filters away', async ({ page, shot }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.admin, '/calendar/');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Agenda' })).toBeChecked();
  const firstEvent = page.locator('.fc-list-event [role="button"]').first();
  await expect(firstEvent).toBeVisible({ timeout: 15_000 });
  // The agenda runs two weeks from the school's today (the demo school is in Chicago).
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'America/Chicago' });
  await expect(page.getByTestId('calendar-title')).toHaveText(new RegExp(`^${today} – `));
  expect(await overflow(page)).toBe(0);
  // The agenda starts in the first screen, not under three filter fields.
  expect((await page.locator('.fc-view-harness').boundingBox())?.y ?? 9999).toBeLessThan(330);
  await expect(page.getByRole('combobox', { name: 'Team' })).toBeHidden();
  await expect(page.getByTestId('legend')).toContainText('Boys Varsity Basketball');

  // The main controls are at least 44 px square.
  for (const control of [
    page.getByRole('button', { name: 'Previous' }),
    page.getByRole('button', { name: 'Next' }),
    page.getByRole('button', { name: 'Today' }),
    page.getByRole('button', { name: 'Filters' }),
    page.getByRole('button', { name: 'New event' }),
    page.getByRole('button', { name: 'More actions' }),
    page.locator('label', { hasText: 'Month' }),
  ]) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0, String(control)).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0, String(control)).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? 0) + (box?.width ?? 0), String(control)).toBeLessThanOrEqual(390);
  }
  await shot('calendar-phone-agenda');

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Boys Varsity Basketball' }).click();
  await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
  await expect(page).toHaveURL(/team=\d+/);
  expect(await overflow(page)).toBe(0);
  await shot('calendar-phone-filters');
  await page.getByRole('button', { name: 'Filters, 1 active' }).click();
  await expect(page.getByRole('combobox', { name: 'Team' })).toBeHidden();

  // An agenda entry opens from the keyboard: a weekly practice, which offers the series choice.
  await page.locator('.fc-list-event [role="button"]', { hasText: 'Practice' }).first().focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Event details' });
  await expect(drawer).toBeVisible();
  // The drawer (once slid in) and its series choice fit the phone.
  const scope = drawer.getByText('This and following', { exact: true });
  const rightEdge = async () => {
    const box = await scope.boundingBox();
    return (box?.x ?? 0) + (box?.width ?? 9999);
  };
  await expect.poll(rightEdge).toBeLessThanOrEqual(390);
  expect(await overflow(page)).toBe(0);
  await shot('calendar-phone-event');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Filters, 1 active' }).click();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Team' })).toBeHidden();
  await page.getByText('Month', { exact: true }).click();
  await expect(page).toHaveURL(/view=month/);
  await expect(page.locator('.fc-daygrid-event').first()).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await shot('calendar-phone-month');
  const more = page.locator('.fc-more-link').first();
  await more.click();
  await expect(page.locator('.fc-popover')).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await shot('calendar-phone-month-more');
  await page.keyboard.press('Escape');
  await page.getByText('Week', { exact: true }).click();
  // Seven columns on a phone: the events of a time fold into a "+N" to tap.
  await expect(page.locator('.fc-timegrid-more-link').first()).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await shot('calendar-phone-week');
});

test('a view asked for in the link wins over the phone default', async ({ page }) => {
  await signIn(page, DEMO.admin, '/calendar/?view=day');
  await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
  await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
  expect(await overflow(page)).toBe(0);
});
