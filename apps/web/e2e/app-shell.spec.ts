import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

test('a signed-out deep link goes to sign-in and comes back after it', async ({ page }) => {
  await page.goto('/teams/7/chats');
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fteams%2F7%2Fchats/, { timeout: 15_000 });
  await page.getByLabel('Username or e-mail').fill(DEMO.admin);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/teams\/7\/chats$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Team chats' })).toBeVisible();
});

test('the shell reaches every screen of the spec', async ({ page, shot }) => {
  // Seven screens and three deep links, each loading its code the first time: ~30 s on a busy machine.
  test.setTimeout(60_000);
  await signIn(page);
  await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveValue('Lincoln High School');
  await shot('home-light');
  for (const [link, heading] of [
    ['Calendar', 'Calendar'],
    ['Messages', 'Messages'],
    ['Teams', 'Teams'],
    ['Users', 'Users'],
    ['Reports', 'Reports'],
    ['Admin', 'Admin'],
    ['Home', /^Good (morning|afternoon|evening), Dana$/],
  ] as const) {
    await page.getByRole('navigation').getByRole('link', { name: link }).click();
    await expect(
      page.getByRole('heading', typeof heading === 'string' ? { name: heading, exact: true } : { name: heading }),
    ).toBeVisible();
  }
  await page.goto('/teams/7/');
  await expect(page.getByRole('heading', { name: 'Roster', exact: false })).toBeVisible({ timeout: 15_000 });
  await page.goto('/teams/99999/');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible({ timeout: 15_000 });
  await page.goto('/users/?page=-4&sort=password&order=sideways');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/page=1/);
  await expect(page).toHaveURL(/sort=firstName/);
});

test('the dark theme and the profile menu', async ({ page, shot }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot('home-dark');
  // The bell and the Messages badge tell the same story: it never says "all caught up" over unread messages.
  const badge = page.getByRole('navigation').getByLabel(/^\d+ unread$/);
  const unread = (await badge.count()) ? Number((await badge.getAttribute('aria-label'))?.split(' ')[0]) : 0;
  await page.getByRole('button', { name: 'Notifications' }).click();
  if (unread > 0) {
    await expect(
      page.getByText(`${unread.toLocaleString('en-US')} unread message${unread === 1 ? '' : 's'}`),
    ).toBeVisible();
    await expect(page.getByText("You're all caught up")).toHaveCount(0);
  } else {
    await expect(page.getByText("You're all caught up")).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('an athletic administrator does not see the admin area (decision 012)', async ({ page }) => {
  await signIn(page, DEMO.administrator);
  await expect(page.getByText('Lincoln High School', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin/home/');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible({ timeout: 15_000 });
});

test('a director enters the admin area with their organization’s tabs only', async ({ page }) => {
  await signIn(page, DEMO.director);
  await page.getByRole('navigation').getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Audit log', 'Supervision', 'Safeguarding', 'Sports']);
  // A tab they may not open falls back to their first one.
  await page.goto('/admin/home/?tab=system');
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 15_000,
  });
  await page.getByRole('tab', { name: 'Sports' }).click();
  await expect(page.getByRole('button', { name: 'New sport' })).toHaveCount(0);
});

test('public pages and Not Found', async ({ page, shot }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible({ timeout: 15_000 });
  await shot('terms');
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible({ timeout: 15_000 });
});

test('the animated logo shows for at least 2000 ms while auth loads', async ({ page, shot }) => {
  const started = Date.now();
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('status', { name: 'Loading Fieldhouse' })).toBeVisible();
  await shot('splash');
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
});

test('auth screens in the dark theme', async ({ page, shot }) => {
  await page.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  for (const [path, name, heading] of [
    ['/auth/sign-in', 'sign-in-dark', 'Sign in'],
    ['/auth/confirm-sign-up', 'confirm-sign-up-dark', 'Confirm Sign up'],
    ['/auth/forgot-password', 'forgot-password-dark', 'Reset your password'],
    ['/auth/register', 'register-dark', 'Create your account'],
    ['/auth/unauthorized', 'unauthorized-dark', 'Not authorized'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await shot(name);
  }
});
