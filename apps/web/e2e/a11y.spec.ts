import { ADMIN_TABS, REPORT_NAMES } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { DESKTOP, expectAccessible, PHONE } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

/**
 * Issue 17's gate: every screen of SPEC §2, its drawers and modals, at phone and desktop size, in
 * the light and the dark theme, has no serious or critical axe violation and is no wider than
 * its screen. Screenshots of each land in e2e/.screenshots/a11y-*.
 */

const PUBLIC = [
  '/auth/sign-in',
  '/auth/forgot-password',
  '/auth/register',
  '/auth/confirm-sign-up',
  '/auth/unauthorized',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
];

/** Opens a screen and waits for its h1 (the screen has rendered, not its skeleton). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  // The first page of a run waits out the splash and a cold server.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** A team with a roster, for the team screens. */
async function firstTeamPath(page: Page) {
  await visit(page, '/teams');
  const href = await page.locator('a[href^="/teams/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  return (href ?? '').replace(/\/$/, '');
}

for (const [frame, size] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${frame}, ${scheme}`, () => {
      test.use(size);
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      });
      const tag = `${frame}-${scheme}`;

      test('public screens', async ({ page, shot }) => {
        test.setTimeout(120_000);
        for (const path of PUBLIC) {
          await visit(page, path);
          await expectAccessible(page, `${path} (${tag})`);
        }
        await shot(`a11y-${tag}-sign-in`);
      });

      test('signed-in screens', async ({ page, shot }) => {
        // Every signed-in screen, axe on each: ~2.8 min on a quiet 2-core machine, so room for a busy one.
        test.setTimeout(360_000);
        await signIn(page);
        const team = await firstTeamPath(page);
        const screens = [
          '/home',
          '/calendar',
          '/messages',
          '/teams',
          team,
          `${team}/chats`,
          '/users',
          ...REPORT_NAMES.map((r) => `/reports?report=${r}`),
          ...ADMIN_TABS.map((t) => `/admin/home?tab=${t}`),
        ];
        for (const path of screens) {
          await visit(page, path);
          await expectAccessible(page, `${path} (${tag})`);
          await shot(`a11y-${tag}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`);
        }
      });

      test('drawers, modals and menus', async ({ page, shot }) => {
        test.setTimeout(120_000);
        await signIn(page);
        await visit(page, '/users');
        await page.getByRole('button', { name: 'Add person' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, `add person (${tag})`);
        await shot(`a11y-${tag}-add-person`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();

        await page
          .getByRole('button', { name: /^Open / })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, `a person (${tag})`);
        await shot(`a11y-${tag}-person`);
        await page.keyboard.press('Escape');

        await visit(page, '/teams');
        await page.getByRole('button', { name: 'New team' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, `new team (${tag})`);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Profile menu' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectAccessible(page, `profile menu (${tag})`);
        await page.getByRole('menuitem', { name: 'Change password' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, `change password (${tag})`);
        await shot(`a11y-${tag}-change-password`);
        await page.keyboard.press('Escape');

        await page
          .getByRole('button', { name: /notifications/i })
          .first()
          .click();
        await expectAccessible(page, `notifications (${tag})`);
        await shot(`a11y-${tag}-notifications`);
      });
    });
  }
}
