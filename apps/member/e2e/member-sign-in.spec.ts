import {
  api,
  DEMO,
  DESKTOP,
  expect,
  expectAccessible,
  latestMail,
  MEMBERS,
  PHONE,
  signInMember,
  submitMemberSignIn,
  test,
} from './member-helpers.ts';

/** Issue 18's sign-in to the member app (decision 021): the same pool, its own screens at /m/. */

test.describe('at phone size', () => {
  test.use(PHONE);

  test('a signed-out deep link signs in and comes back to where it pointed', async ({ page, shot }) => {
    await page.goto('/m/profile');
    await expect(page).toHaveURL(/\/m\/auth\/sign-in\?redirect=%2Fprofile/);
    await expect(page.getByRole('heading', { name: 'Sign in to Fieldhouse' })).toBeVisible();
    await expectAccessible(page, 'the member sign-in (phone)');
    await shot('member-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your e-mail')).toBeVisible();
    await submitMemberSignIn(page, MEMBERS.athlete, 'not-the-password');
    await expect(page.getByText('Incorrect username or password.')).toBeVisible();
    await submitMemberSignIn(page, MEMBERS.athlete);
    await expect(page).toHaveURL(/\/m\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  });

  test("the page's own splash is up before the scripts arrive, in the scheme the person chose", async ({
    page,
    shot,
  }) => {
    // The phone is light; the person chose dark in the app last time.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    // A slow connection: the scripts arrive a second and a half after the page.
    await page.route('**/m/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/m/auth/sign-in', { waitUntil: 'commit' });
    const splash = page.getByRole('status', { name: 'Loading Fieldhouse' });
    await expect(splash).toBeVisible();
    // Read once, before the scripts (Mantine sets the scheme itself when they run).
    expect(await page.locator('#splash').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(36, 36, 36)',
    );
    await shot('member-splash-dark');
    await expect(page.getByRole('heading', { name: 'Sign in to Fieldhouse' })).toBeVisible({ timeout: 20_000 });
    await expect(splash).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('staff are pointed to the admin app, which opens signed in', async ({ page }) => {
    await page.goto('/m/');
    // Not the director: the admin app's forgot-password journey changes their password.
    await submitMemberSignIn(page, DEMO.administrator);
    await expect(page).toHaveURL(/\/m\/auth\/staff$/);
    await expect(page.getByRole('heading', { name: 'Use the admin app' })).toBeVisible();
    await expectAccessible(page, 'the staff page of the member app');
    await page.getByRole('link', { name: 'Open the admin app' }).click();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
  });

  test('an invited coach chooses a password of their own on first sign-in', async ({ page, request, baseURL }) => {
    const suffix = Date.now().toString(36);
    const email = `new.coach.${suffix}@lincolnhigh.example`;
    await api(baseURL as string, DEMO.admin, 'POST', '/user', {
      email,
      firstName: 'Robin',
      lastName: `Hale ${suffix.slice(-3).toUpperCase()}`,
      role: 'COACH',
    });
    const temporary = (await latestMail(request, email)).match(/temporary password: (\S+)/)?.[1] ?? '';
    expect(temporary).toBeTruthy();
    await page.goto('/m/');
    await submitMemberSignIn(page, email, temporary);
    await expect(page.getByText('Choose a password of your own')).toBeVisible();
    await expectAccessible(page, 'the new password step');
    await page.getByLabel('New password', { exact: true }).fill('Robin-Chosen-2026');
    await page.getByLabel('Repeat the new password').fill('Robin-Chosen-2026');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);

  test('forgot password: the e-mailed code sets a new one', async ({ page, request }) => {
    await page.goto('/m/auth/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page, 'forgot password (desktop)');
    await page.getByLabel('E-mail').fill(MEMBERS.parent);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
    const code = (await latestMail(request, MEMBERS.parent)).match(/\b(\d{6})\b/)?.[1] ?? '';
    await page.getByRole('group', { name: 'Code' }).getByRole('textbox').first().click();
    await page.keyboard.type(code);
    // The demo's password again: the other journeys sign in as this guardian.
    await page.getByLabel('New password', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Repeat new password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been reset.')).toBeVisible();
    await expect(page).toHaveURL(/\/m\/auth\/sign-in/);
    await submitMemberSignIn(page, MEMBERS.parent);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 15_000 });
  });

  test('every demo member signs in', async ({ page }) => {
    for (const email of [MEMBERS.coach, MEMBERS.athlete, MEMBERS.parent]) {
      await signInMember(page, email, '/m/schedule');
      await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
      await page.evaluate(() => localStorage.clear());
    }
  });
});
