import { expect, test } from './fixtures.ts';
import { DEMO, latestMail, signIn, submitSignIn } from './helpers.ts';

test('a director signs in with Amplify (SRP) and lands where they were going', async ({ page, shot }) => {
  await page.goto('/auth/sign-in?redirect=%2Fusers%2F');
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 15_000 });
  await shot('sign-in');
  const identityCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/identity')) identityCalls.push(request.headers()['x-amz-target'] ?? '');
  });
  await submitSignIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/users/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  expect(identityCalls.slice(0, 2)).toEqual([
    'AWSCognitoIdentityProviderService.InitiateAuth',
    'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
  ]);
});

test('a wrong password shows a clear message', async ({ page, shot }) => {
  await page.goto('/auth/sign-in');
  await submitSignIn(page, DEMO.admin, 'not-the-password');
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await shot('sign-in-error');
});

test('empty fields are explained before anything is sent', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter your username or e-mail')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
});

test('a coach is refused with the exact toast', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await submitSignIn(page, DEMO.coach);
  await expect(page.getByText('User is not authorized to sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/unauthorized/);
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  // The member app is theirs (decision 021).
  await page.getByRole('link', { name: 'Open the member app' }).click();
  await expect(page).toHaveURL(/\/m\/auth\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Sign in to Fieldhouse' })).toBeVisible();
});

test('a suspended administrator is refused with the exact toast', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await submitSignIn(page, DEMO.suspended);
  await expect(page.getByText('Your account is blocked.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
});

test('an invited administrator must choose a new password on first sign-in', async ({ page, request, shot }) => {
  const invite = await latestMail(request, DEMO.invited);
  const temporary = invite.match(/temporary password: (\S+)/)?.[1];
  expect(temporary).toBeTruthy();
  await page.goto('/auth/sign-in');
  await submitSignIn(page, DEMO.invited, temporary);
  await expect(page).toHaveURL(/\/auth\/confirm-sign-up/);
  await expect(page.getByRole('heading', { name: 'Confirm Sign up' })).toBeVisible();
  await expect(page.getByText('Please enter a new password that you would like to use to sign in.')).toBeVisible();
  await shot('confirm-sign-up');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Chosen-Pass-2026');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Password set successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Jordan$/ })).toBeVisible();
});

test('forgot password end to end, with the code from the outbox', async ({ page, request }) => {
  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Username or e-mail').fill(DEMO.director);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByText(/We sent a 6-digit code to m\*\*\*@lincolnhigh\.example/)).toBeVisible();
  const code = (await latestMail(request, DEMO.director)).match(/\b(\d{6})\b/)?.[1] ?? '';
  await page.getByLabel('Code').first().click();
  await page.keyboard.type(code);
  await page.getByLabel('New password', { exact: true }).fill('Reset-Pass-2026');
  await page.getByLabel('Repeat new password').fill('Reset-Pass-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();
  await submitSignIn(page, DEMO.director, 'Reset-Pass-2026');
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
});

test('after sign-out the back button shows no data, and another open tab lets go too', async ({ page }) => {
  await signIn(page, DEMO.admin, '/users/');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const otherTab = await page.context().newPage();
  await otherTab.goto('/users/');
  await expect(otherTab.getByRole('heading', { name: 'Users' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  // The other tab kept the people list on screen before (and would have sent the next sign-in's token).
  await expect(otherTab).toHaveURL(/\/auth\/sign-in/);
  await expect(otherTab.getByRole('heading', { name: 'Users' })).toHaveCount(0);
  await otherTab.close();
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('fieldhouse.reloadedAfterLogin'))).toBeNull();
});

test('redirects never leave the site', async ({ page, baseURL }) => {
  for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
    await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(target)}`);
    await expect(page).toHaveURL(/redirect=%2F$|redirect=\/$/, { timeout: 15_000 });
  }
  await submitSignIn(page, DEMO.admin);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).host).toBe(new URL(baseURL as string).host);
});
