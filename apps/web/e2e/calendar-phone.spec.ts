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
  await expect(page).not.toHaveURL(/team=/);
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

/** Monday of the current week as YYYY-MM-DD, and a date some days from one. */
function thisMonday() {
  const now = new Date();
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day)).toISOString().slice(0, 10);
}
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('a phone sees a conflict while filling the form, and skips conflicting rows of an import', async ({
  page,
  shot,
}) => {
  test.setTimeout(90_000);
  // Next Monday: the demo's varsity practices run Mondays 3:30–5:30 PM.
  const monday = plusDays(thisMonday(), 7);
  await signIn(page, DEMO.admin, `/calendar/?date=${monday}`);
  await page.getByRole('button', { name: 'New event' }).click();
  const form = page.getByRole('dialog', { name: 'New event' });
  await form.getByLabel('Title').fill('Film Session');
  await form.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Boys Varsity Basketball' }).click();
  await form.getByLabel('Starts').fill(monday);
  await form.getByLabel('at').first().fill('16:00');
  await form.getByLabel('Ends').fill(monday);
  await form.getByLabel('at').nth(1).fill('17:00');
  await expect(form.getByTestId('conflicts')).toContainText(
    /Conflicts with Boys Varsity Basketball Practice, Mon \w{3} \d+, 3:30–5:30 PM/,
  );
  await expect(form.getByRole('button', { name: 'Save anyway' })).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await shot('calendar-phone-form-conflict');
  // Moving it after practice clears the conflict as the time changes.
  await form.getByLabel('at').first().fill('18:00');
  await form.getByLabel('at').nth(1).fill('19:00');
  await expect(form.getByTestId('conflicts')).toBeHidden();
  await expect(form.getByRole('button', { name: 'Create event' })).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Ten weeks ahead (after the demo's series), a week later on a retry: two rows double-book the
  // same court, the booster meeting does not.
  const day = plusDays(thisMonday(), 70 + 7 * test.info().retry);
  const csv = [
    'date,startTime,endTime,type,title,team,facility',
    `${day},6:00 AM,7:00 AM,Practice,Early Shooting,Girls JV Basketball,Aux Court`,
    `${day},6:30 AM,7:30 AM,Practice,Early Lifting,Girls Varsity Basketball,Aux Court`,
    `${day},8:00 PM,9:00 PM,Meeting,Booster Club,,`,
  ].join('\n');
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /Import/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a season schedule' });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'court-bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Check 3 rows' }).click();
  await expect(dialog.getByTestId('row-conflict')).toHaveCount(2);
  await expect(dialog.getByTestId('row-conflict').first()).toContainText(
    'Conflicts with row 3: Early Lifting practice',
  );
  await expect(dialog.getByTestId('row-conflict').first()).toContainText('in Aux Court');
  expect(await overflow(page)).toBe(0);
  await shot('calendar-phone-import-conflicts');
  await dialog.getByRole('radio', { name: 'Skip them' }).check();
  await dialog.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(dialog.getByText(/^Imported 1 event\./)).toBeVisible();
  await expect(dialog.getByText('2 rows were not imported.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done', exact: true }).click();
});
