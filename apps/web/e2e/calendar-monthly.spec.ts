import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/** Issue 19: a monthly "first Monday" meeting made from the Repeat choice, seen on the agenda. */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** The first Monday of the month `ahead` months from now, as YYYY-MM-DD. */
function firstMonday(ahead: number) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function createMonthlyMeeting(
  page: Page,
  title: string,
  start: string,
  shot: (name: string) => Promise<void>,
  shotPrefix: string,
) {
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Meeting' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Starts').fill(start);
  await dialog.getByLabel('at').first().fill('19:00');
  await dialog.getByLabel('Ends').fill(start);
  await dialog.getByLabel('at').nth(1).fill('20:00');
  // The choices follow the start date, as Google Calendar words them.
  const repeat = dialog.getByRole('combobox', { name: 'Repeat' });
  await expect(repeat.locator('option')).toHaveText([
    'Does not repeat',
    'Weekly on Monday',
    `Monthly on day ${Number(start.slice(8, 10))}`,
    'Monthly on the first Monday',
  ]);
  await repeat.selectOption({ label: 'Monthly on the first Monday' });
  const every = dialog.getByRole('combobox', { name: 'Every' });
  await expect(every).toHaveValue('1');
  await expect(every.locator('option')).toHaveCount(12);
  await expect(every.locator('option').nth(2)).toHaveText('3 months');
  await dialog.getByLabel('Until').fill(plusDays(start, 150));
  await shot(`${shotPrefix}-repeat-monthly`);
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Meeting added to the calendar')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden();
}

async function seeOnAgenda(page: Page, title: string, date: string) {
  await page.goto(`/calendar/?view=agenda&date=${date}`);
  // The agenda runs a month from the date, so the next month's first Monday (4 or 5 weeks on) may
  // show too: the first entry is the one on `date`, under that day's heading.
  const entry = page.locator('.fc-list-event', { hasText: title }).first();
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await expect(entry.locator('xpath=preceding-sibling::tr[contains(@class, "fc-list-day")][1]')).toHaveAttribute(
    'data-date',
    date,
  );
  await expect(entry).toContainText('7:00');
  await entry.locator('[role="button"]').focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Event details' });
  await expect(drawer.getByText(/Part of a monthly series: monthly on the first Mon until/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

test('a director repeats a meeting monthly on the first Monday and sees it on the agenda', async ({ page, shot }) => {
  test.setTimeout(90_000);
  const start = firstMonday(1);
  await signIn(page, DEMO.admin, `/calendar/?view=agenda&date=${start}`);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await createMonthlyMeeting(page, 'Booster Club Meeting', start, shot, 'calendar');
  await seeOnAgenda(page, 'Booster Club Meeting', start);
  // Two months on, on that month's first Monday.
  await seeOnAgenda(page, 'Booster Club Meeting', firstMonday(3));
  await shot('calendar-monthly-agenda');
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('the Repeat choice fits and makes the same monthly series', async ({ page, shot }) => {
    test.setTimeout(90_000);
    const start = firstMonday(2);
    await signIn(page, DEMO.admin, `/calendar/?view=agenda&date=${start}`);
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await createMonthlyMeeting(page, 'Parent Council', start, shot, 'calendar-phone');
    await seeOnAgenda(page, 'Parent Council', firstMonday(4));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await shot('calendar-phone-monthly-agenda');
  });
});
