import type { Page } from '@playwright/test';
import { overflow, PHONE } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn, submitSignIn } from './helpers.ts';

/** The first slice of issue 17: phone layouts of the frame, a skip link, one h1 per screen. */

/** Fails when any part of the element lies outside the 390 px screen. */
async function expectOnScreen(page: Page, name: string | RegExp) {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  expect(box, `${String(name)} is laid out`).not.toBeNull();
  expect(box?.x ?? -1, `${String(name)} starts on screen`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${String(name)} ends on screen`).toBeLessThanOrEqual(390);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('sign-in is one column with a full-width form', async ({ page, shot }) => {
    await page.goto('/auth/sign-in');
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toBeVisible({ timeout: 15_000 });
    expect(await overflow(page)).toBe(0);
    // The card takes the screen, not half of it: the button reads "Sign in" on one line.
    expect((await button.boundingBox())?.width ?? 0).toBeGreaterThan(280);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await shot('phone-sign-in');
  });

  test('the header keeps the bell and the profile menu on screen', async ({ page, shot }) => {
    await page.goto('/auth/sign-in?redirect=%2Fhome%2F');
    await submitSignIn(page, DEMO.admin);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    // The super admin's school switcher moves into the profile menu; the header keeps its controls.
    await expect(page.getByRole('combobox', { name: 'Organization' })).toBeHidden();
    await expectOnScreen(page, /^Notifications/);
    await expectOnScreen(page, 'Profile menu');
    await expectOnScreen(page, 'Toggle navigation');
    expect(await overflow(page)).toBe(0);
    await shot('phone-home');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await page.getByRole('menuitem', { name: /^Lincoln High School/ }).click();
    const switcher = page.getByRole('dialog', { name: 'Switch school' });
    await expect(switcher.getByRole('combobox', { name: 'Organization' })).toHaveValue('Lincoln High School');
    await shot('phone-switch-school');
    await page.keyboard.press('Escape');
    await expect(switcher).toBeHidden();

    // The drawer holds the screens, not the desktop's keyboard hint.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Calendar' })).toBeVisible();
    await expect(page.getByText('Press Alt+T to jump to notifications')).toBeHidden();
    await shot('phone-navigation');
    await nav.getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Calendar' })).toBeHidden();
  });
});

test('the first Tab offers a skip link that moves focus to the content', async ({ page }) => {
  await signIn(page);
  // A fresh page: after the sign-in form, Chromium's Tab starts from where its button was.
  await page.goto('/home/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  // The next Tab goes into the page, past the header and the navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(true);
});

test('every screen of the spec has exactly one h1, naming it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  for (const [path, name] of [
    ['/home/', /^Good (morning|afternoon|evening), Dana$/],
    ['/calendar/', 'Calendar'],
    ['/messages/', 'Messages'],
    ['/teams/', 'Teams'],
    ['/users/', 'Users'],
    ['/reports/', 'Reports'],
    ['/admin/home/', 'Admin'],
    ['/teams/99999/', 'Not Found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
  }
});

test('alt+T focuses the notifications bell when no toast is shown', async ({ page }) => {
  await signIn(page);
  // The bell (and its hotkey) is drawn just after the page, as the shell's deferred parts are.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await page.locator('#main').focus();
  await page.keyboard.press('Alt+KeyT');
  await expect(bell).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
});

test('by keyboard alone: open a person from Users, close, and land back on their row', async ({ page }) => {
  await signIn(page, undefined, '/users/');
  const open = page.getByRole('button', { name: /^Open / }).first();
  await expect(open).toBeVisible({ timeout: 15_000 });
  const name = ((await open.getAttribute('aria-label')) ?? '').replace(/^Open /, '');
  // Tab from the search field until the first person's button has focus.
  await page
    .getByRole('textbox', { name: /search/i })
    .first()
    .focus();
  for (let i = 0; i < 40 && !(await open.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(name).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
});

test('a form modal opens on its first field, with a named close button', async ({ page }) => {
  await signIn(page, undefined, '/teams/');
  await page.getByRole('button', { name: 'New team' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(dialog.getByRole('textbox').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'New team' })).toBeFocused();
});

test.describe('users on a phone', () => {
  test.use(PHONE);

  test('each person is a card with their full name, and the list can still be sorted', async ({ page, shot }) => {
    await signIn(page, undefined, '/users/');
    const first = page.getByTestId('user-row').first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    expect(await overflow(page)).toBe(0);
    const box = await first.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await expect(page.getByRole('columnheader')).toHaveCount(0);
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Last name (Z–A, newest first)' });
    await expect(page).toHaveURL(/sort=lastName/);
    await expect(page).toHaveURL(/order=desc/);
    await shot('phone-users');
    await page
      .getByRole('button', { name: /^Open / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await overflow(page)).toBe(0);
    await shot('phone-person');
  });
});
