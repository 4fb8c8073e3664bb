import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PHONE } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/** The people export answers only after `ms` (a whole district's list takes seconds). */
const slowExport = (page: Page, ms: number) =>
  page.route('**/api/user/export**', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fulfill({ response });
  });

/** Exports the list, slowly: the toast names the file while it comes, then says it was saved. */
async function exportSlowly(page: Page, shot: (name: string) => Promise<void>, name: string) {
  await slowExport(page, 2500);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByText('Preparing users.csv…')).toBeVisible();
  await expect(page.getByText('Gathering the records')).toBeVisible();
  await shot(name);
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('email');
  await expect(page.getByText('Saved users.csv')).toBeVisible();
  await expect(page.getByText('Preparing users.csv…')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'wait' });
}

test('find a user by name, sort and filter by team', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/users/');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByText(/Showing 1–20 of [\d,]+/)).toBeVisible();
  await shot('users');

  await page.getByRole('textbox', { name: 'Search users' }).fill('marcus reed');
  await expect(page).toHaveURL(/search=marcus(\+|%20)reed/);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row').first()).toContainText('marcus.reed@lincolnhigh.example');

  await page.getByRole('textbox', { name: 'Search users' }).fill('');
  await page.getByRole('button', { name: 'Sort by E-mail' }).click();
  await expect(page).toHaveURL(/sort=email/);
  await page.getByRole('button', { name: 'Sort by E-mail' }).click();
  await expect(page).toHaveURL(/order=desc/);
  // The URL changes first; the rows follow when the descending page arrives, so read until they do.
  const emails = page.getByTestId('user-row').locator('td:nth-child(3)');
  await expect
    .poll(async () => {
      const shown = await emails.allInnerTexts();
      return shown.length > 1 && shown.join() === [...shown].sort().reverse().join();
    })
    .toBe(true);

  await page.getByRole('combobox', { name: 'Filter by team' }).click();
  await page.getByRole('option', { name: 'Varsity Football' }).click();
  await expect(page).toHaveURL(/teamId=\d+/);
  await expect(page.getByTestId('user-row').first()).toContainText('Varsity Football');
  await page
    .locator('label')
    .filter({ hasText: /^Coaches$/ })
    .click();
  await expect(page).toHaveURL(/type=COACH/);
  await expect(page.getByTestId('user-row').first()).toContainText('Coach');
});

test('create a coach and see them on a team', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/users/');
  await page.getByRole('button', { name: 'Add person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByRole('button', { name: 'Add and invite' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await dialog.getByLabel('First name').fill('Riley');
  await dialog.getByLabel('Last name').fill('Quinn');
  await dialog.getByLabel('E-mail').fill('riley.quinn@lincolnhigh.example');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Coach', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Coaches' }).click();
  await page.getByRole('option', { name: 'Girls Tennis' }).click();
  await page.keyboard.press('Escape');
  await shot('user-create');
  await dialog.getByRole('button', { name: 'Add and invite' }).click();
  await expect(page.getByText('Riley Quinn added and invited by e-mail')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Teams' }).click();
  await page.getByRole('link', { name: /Girls Tennis/ }).click();
  await expect(page.getByRole('heading', { name: 'Girls Tennis' })).toBeVisible();
  await expect(page.getByText('Riley Quinn', { exact: true })).toBeVisible();
  await shot('team');
});

test('a coach who becomes a guardian is warned off their teams, then leaves them', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/users/');
  await page.getByRole('button', { name: 'Add person' }).click();
  const add = page.getByRole('dialog', { name: 'Add a person' });
  await add.getByLabel('First name').fill('Casey');
  await add.getByLabel('Last name').fill('Moss');
  await add.getByLabel('E-mail').fill('casey.moss@lincolnhigh.example');
  await add.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Coach', exact: true }).click();
  await add.getByRole('combobox', { name: 'Coaches' }).click();
  await page.getByRole('option', { name: 'Girls Tennis' }).click();
  await page.keyboard.press('Escape');
  await add.getByRole('button', { name: 'Add and invite' }).click();
  await expect(page.getByText('Casey Moss added and invited by e-mail')).toBeVisible();
  const tennisCoaches = async () => {
    await page.goto('/teams/');
    await page.getByRole('link', { name: /Girls Tennis/ }).click();
    await expect(page.getByRole('heading', { name: 'Girls Tennis' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    return page.getByText('Casey Moss', { exact: true });
  };
  await expect(await tennisCoaches()).toBeVisible();

  await page.goto('/users/');
  await page.getByRole('textbox', { name: 'Search users' }).fill('casey moss');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByTestId('user-row').click();
  const drawer = page.getByRole('dialog', { name: 'Person' });
  await drawer.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Casey Moss' });
  await expect(edit.getByTestId('role-leaves-teams')).toHaveCount(0);
  await edit.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Guardian', exact: true }).click();
  await expect(edit.getByTestId('role-leaves-teams')).toHaveText(
    'Saving this role takes Casey Moss off Girls Tennis, and out of those teams’ conversations.',
  );
  await shot('user-role-leaves-teams');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Casey Moss updated')).toBeVisible();

  await expect(await tennisCoaches()).toHaveCount(0);
});

test('check a 50-row roster with 2 bad rows: every error listed, the valid rows importable', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/users/');
  await page.getByRole('button', { name: 'Import roster' }).click();
  const header =
    'firstName,lastName,email,dateOfBirth,contactNumber,team,jerseyNumber,guardianFirstName,guardianLastName,guardianEmail,guardianPhone,guardianRelationship';
  const rows = Array.from(
    { length: 50 },
    (_, i) =>
      `Import${i},Tester${i},import${i}@students.example,2011-02-0${(i % 9) + 1},,Cross Country,${i},Pat${i},Tester${i},pat${i}@families.example,,Guardian`,
  );
  rows[4] = 'Bad,Email,not-an-email,2011-02-01,,Cross Country,1,,,,,';
  rows[40] = 'No,Team,noteam@students.example,,,Quidditch,1,,,,,';
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  // Exact headers are matched for you; the check lists every bad row and lets the rest in.
  const dialog = page.getByRole('dialog', { name: 'Import a roster' });
  await expect(dialog.getByRole('combobox', { name: 'Column for Guardian e-mail' })).toHaveValue('guardianEmail');
  await dialog.getByRole('button', { name: 'Check 50 rows' }).click();
  await expect(dialog.getByText('48 rows ready · 2 rows need fixing')).toBeVisible();
  await expect(dialog.getByTestId('row-error')).toHaveCount(2);
  await expect(dialog.getByText('E-mail “not-an-email” is not a valid address')).toBeVisible();
  await expect(
    dialog.getByText(
      'Team “Quidditch” does not exist at Lincoln High School; add it on the Teams page or correct the name',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import the 48 valid rows' })).toBeEnabled();
  await shot('import-errors');
});

test('suspend a user with confirmation', async ({ page }) => {
  // Tom Becker, not an account another journey signs in with.
  await signIn(page, DEMO.admin, '/users/?search=becker');
  await page.getByTestId('user-row').first().click();
  const drawer = page.getByRole('dialog', { name: 'Person' });
  await expect(drawer.getByRole('heading', { name: 'Tom Becker' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'Suspend' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Tom Becker is now suspended')).toBeVisible();
  await expect(page.getByTestId('user-row').first()).toContainText('Suspended');
  // The newest entry first (the admin journey suspended and reactivated him before).
  await expect(drawer.getByText('Active → Suspended').first()).toBeVisible();
});

test('a slow export shows its progress; a refused one says why', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/users/');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await exportSlowly(page, shot, 'users-export-progress');

  // The server's own words, not "Download failed (400)".
  await page.route('**/api/user/export**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 400, message: 'Choose at most 5,000 people to export' }),
    }),
  );
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByText('Choose at most 5,000 people to export')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a slow export shows its progress', async ({ page, shot }) => {
    await signIn(page, DEMO.admin, '/users/');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await exportSlowly(page, shot, 'users-export-progress-phone');
  });
});
