import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * Issue 17's keyboard paths for the tasks a director does most, with no mouse at all: every step
 * is Tab, typing, the arrows, Enter or Escape.
 */

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not in the Tab order. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** A date ten days ahead, as the browser's local YYYY-MM-DD and as typed into a date field. */
function tenDaysAhead() {
  const d = new Date();
  d.setDate(d.getDate() + 10);
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  const weekday = d.toLocaleDateString('en-US', { weekday: 'short' });
  return { iso: `${d.getFullYear()}-${mm}-${dd}`, typed: `${mm}${dd}${d.getFullYear()}`, weekday };
}

test('by keyboard alone: sign in', async ({ page }) => {
  await page.goto('/auth/sign-in?redirect=%2Fhome%2F');
  const email = page.getByLabel('Username or e-mail');
  await expect(email).toBeVisible({ timeout: 30_000 });
  await page.locator('body').focus();
  await tabTo(page, email, 'Tab', 10);
  await page.keyboard.type(DEMO.admin);
  await tabTo(page, page.getByLabel('Password', { exact: true }), 'Tab', 3);
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/home\/?$/);
});

test('by keyboard alone: create an event, find it on the calendar and open it', async ({ page, shot }) => {
  test.setTimeout(90_000);
  const day = tenDaysAhead();
  await signIn(page, undefined, '/calendar/');
  const newEvent = page.getByRole('button', { name: 'New event' });
  await expect(newEvent).toBeVisible({ timeout: 15_000 });

  await page.locator('#main').focus();
  await tabTo(page, newEvent);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog).toBeVisible();

  // The form opens on its title; the team is one Shift+Tab back, chosen by typing.
  const title = dialog.getByLabel('Title');
  await expect(title).toBeFocused();
  await page.keyboard.type('Dawn Mobility Session');
  const team = dialog.getByRole('combobox', { name: 'Team' });
  await tabTo(page, team, 'Shift+Tab', 5);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Wrestling');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(team).toHaveValue('Wrestling');

  // Date and time fields take typed digits; Tab also walks a date's own month, day and year.
  const fields: [Locator, string][] = [
    [dialog.getByLabel('Starts'), day.typed],
    [dialog.getByLabel('at').first(), '0545AM'],
    [dialog.getByLabel('Ends'), day.typed],
    [dialog.getByLabel('at').nth(1), '0630AM'],
  ];
  for (const [field, typed] of fields) {
    await tabTo(page, field, 'Tab', 10);
    await page.keyboard.type(typed);
  }
  await expect(dialog.getByLabel('Starts')).toHaveValue(day.iso);
  await expect(dialog.getByLabel('at').first()).toHaveValue('05:45');
  await expect(dialog.getByLabel('at').nth(1)).toHaveValue('06:30');
  await shot('keyboard-new-event');

  // Weekly repetition offers the start date's weekday, whatever day the form opened on; the arrow
  // keys change the Repeat choice.
  const repeat = dialog.getByRole('combobox', { name: 'Repeat' });
  await tabTo(page, repeat, 'Tab', 5);
  await page.keyboard.press('ArrowDown');
  await expect(repeat).toHaveValue('WEEKLY');
  await expect(dialog.getByRole('checkbox', { name: day.weekday, exact: true })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(repeat).toHaveValue('NONE');

  await tabTo(page, dialog.getByRole('button', { name: 'Create event' }), 'Tab', 30);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Practice added to the calendar')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Its day, then the event by Tab: a named button that Enter opens and Escape closes.
  await page.goto(`/calendar?view=day&date=${day.iso}`);
  const created = page.getByRole('button', { name: /Dawn Mobility Session/ }).first();
  await expect(created).toBeVisible({ timeout: 15_000 });
  await page.locator('#main').focus();
  await tabTo(page, created);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Event details' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Dawn Mobility Session').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(created).toBeFocused();
});

test('by keyboard alone: sort the users by last name and page through them', async ({ page }) => {
  await signIn(page, undefined, '/users/');
  const sort = page.getByRole('button', { name: 'Sort by Last name' });
  await expect(sort).toBeVisible({ timeout: 15_000 });
  await page.locator('#main').focus();
  await tabTo(page, sort);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Sort by Last name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=lastName/);
  await expect(sort).toBeFocused();

  const first = await page
    .getByRole('button', { name: /^Open / })
    .first()
    .getAttribute('aria-label');
  const next = page.getByRole('button', { name: 'Next page' });
  await tabTo(page, next, 'Tab', 200);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: /^Open / }).first()).not.toHaveAttribute('aria-label', first ?? '');
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});
