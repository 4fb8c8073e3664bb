import { expect, test } from './fixtures.ts';

test('the app loads and every route of the spec answers', async ({ page, shot }) => {
  await page.goto('/');
  await expect(page.getByText('Fieldhouse', { exact: true })).toBeVisible();
  await shot('home');

  for (const [path, heading] of [
    ['/home/', 'Home'],
    ['/calendar/', 'Calendar'],
    ['/reports/', 'Reports'],
    ['/messages/?tab=ATHLETES', 'Messages'],
    ['/teams/', 'Teams'],
    ['/teams/7/', 'Team 7'],
    ['/teams/7/chats', 'Team chats'],
    ['/users/?page=2&sort=email', 'Users'],
    ['/admin/home/', 'Admin'],
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/auth/sign-in', 'Sign in'],
    ['/auth/confirm-sign-up', 'Confirm Sign up'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }), path).toBeVisible();
  }
});

test('navigation moves between screens without a reload', async ({ page }) => {
  await page.goto('/home/');
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('invalid search params fall back to the defaults', async ({ page }) => {
  await page.goto('/users/?page=-4&sort=password&order=sideways');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page).toHaveURL(/page=1/);
  await expect(page).toHaveURL(/sort=firstName/);
});

test('an unknown address shows Not Found', async ({ page, shot }) => {
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await shot('not-found');
});
