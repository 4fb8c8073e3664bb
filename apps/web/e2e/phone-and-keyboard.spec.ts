import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn, submitSignIn } from './helpers.ts';

/** The first slice of issue 17: phone layouts of the frame, a skip link, one h1 per screen. */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** How far the page is wider than the screen (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

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
    // The super admin's school switcher gives way; the controls after it stay reachable.
    await expect(page.getByRole('combobox', { name: 'Organization' })).toBeVisible();
    await expectOnScreen(page, /^Notifications/);
    await expectOnScreen(page, 'Profile menu');
    await expectOnScreen(page, 'Toggle navigation');
    expect(await overflow(page)).toBe(0);
    await shot('phone-home');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await page.keyboard.press('Escape');

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
  await page.locator('body').focus();
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
