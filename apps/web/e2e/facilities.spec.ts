import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * Facilities as records (decision 010): add one on the Facilities screen, book an event in it from
 * the calendar's form, and see a second booking of it at an overlapping time flagged as a conflict.
 * Desktop and phone.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** A date two weeks out (clear of the demo schedule's busy week), as YYYY-MM-DD. */
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function addFacility(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Facilities', level: 1 })).toBeVisible();
  // The demo school's facilities are records.
  await expect(page.getByTestId('facilities-table')).toContainText('Main Gym');
  await page.getByRole('button', { name: 'Add facility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a facility' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Address').fill('12 Annex Rd');
  await dialog.getByLabel('Capacity').fill('250');
  await dialog.getByLabel('Hours').fill('Mon–Fri 6 am – 10 pm');
  await dialog.getByRole('button', { name: 'Add facility' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('facility-row').filter({ hasText: name });
  await expect(row).toContainText('12 Annex Rd');
  await expect(row).toContainText('250');
  await expect(row).toContainText('Mon–Fri 6 am – 10 pm');
}

/** Fills the New event form for the whole school in `facility`, 5–6 pm (or the given times). */
async function newEvent(page: Page, title: string, facility: string, date: string, from: string, to: string) {
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Starts').fill(date);
  await dialog.getByLabel('at').first().fill(from);
  await dialog.getByLabel('Ends').fill(date);
  await dialog.getByLabel('at').nth(1).fill(to);
  await dialog.getByRole('combobox', { name: 'Facility' }).fill(facility.slice(0, 12));
  await page.getByRole('option', { name: facility, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Facility' })).toHaveValue(facility);
  return dialog;
}

async function bookAndConflict(page: Page, name: string) {
  const date = inTwoWeeks();
  const first = await newEvent(page, `${name} Open Gym`, name, date, '17:00', '18:00');
  await expect(first.getByTestId('conflicts')).toBeHidden();
  await first.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Practice added to the calendar')).toBeVisible({ timeout: 15_000 });
  await expect(first).toBeHidden();

  // Another event in the same facility at an overlapping time: shown before saving.
  const second = await newEvent(page, `${name} Clinic`, name, date, '17:30', '18:30');
  await expect(second.getByTestId('conflicts')).toContainText(`Conflicts with ${name} Open Gym practice`);
  await expect(second.getByTestId('conflicts')).toContainText(`in ${name}`);
  await expect(second.getByRole('button', { name: 'Save anyway' })).toBeVisible();
  return second;
}

test('a director adds a facility, books it, and sees a double-booking of it', async ({ page, shot }) => {
  test.setTimeout(90_000);
  const name = `Annex ${Date.now().toString(36)}`;
  await signIn(page, DEMO.admin, '/calendar/');
  await page.getByRole('link', { name: 'Facilities' }).click();
  await addFacility(page, name);
  await shot('facilities');
  await page.getByRole('link', { name: 'Back to calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  const second = await bookAndConflict(page, name);
  await shot('facility-conflict');
  await second.getByRole('button', { name: 'Cancel' }).click();

  // The calendar shows only that facility's events when filtered by it.
  await page.goto(`/calendar/?view=agenda&date=${inTwoWeeks()}`);
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page).toHaveURL(/facility=\d+/);
  await expect(page.locator('.fc-list-event')).toHaveCount(1);
  await expect(page.locator('.fc-list-event')).toContainText(`${name} Open Gym`);
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the facilities screen fits and the form books a facility', async ({ page, shot }) => {
    test.setTimeout(90_000);
    const name = `Pavilion ${Date.now().toString(36)}`;
    await signIn(page, DEMO.admin, '/calendar/');
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Facilities' }).click();
    await addFacility(page, name);
    expect(await overflow(page)).toBe(0);
    await shot('facilities-phone');
    await page.getByRole('link', { name: 'Back to calendar' }).click();
    const second = await bookAndConflict(page, name);
    expect(await overflow(page)).toBe(0);
    await second.getByRole('button', { name: 'Cancel' }).click();
  });
});
