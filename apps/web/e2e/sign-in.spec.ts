import { expect, test } from './fixtures.ts';

// The demo school is seeded by the e2e server on first start (see playwright.config.ts).
const ADMIN = { email: 'admin@lincolnhigh.example', password: 'Fieldhouse-2026' };

test('a director signs in with Amplify (SRP) and lands where they were going', async ({ page, shot }) => {
  await page.goto('/auth/sign-in?redirect=%2Fusers%2F');
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await shot('sign-in');
  await page.getByLabel('Username or e-mail').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  const identityCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/identity')) identityCalls.push(request.headers()['x-amz-target'] ?? '');
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/users/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  expect(identityCalls).toEqual([
    'AWSCognitoIdentityProviderService.InitiateAuth',
    'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
  ]);
});

test('a wrong password shows a clear message', async ({ page, shot }) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Username or e-mail').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await shot('sign-in-error');
});

test('a coach is refused by the web app', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Username or e-mail').fill('coach@lincolnhigh.example');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('User is not authorized to sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
});
