import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

const ROLES = [
  { email: DEMO.admin, firstName: 'Dana', seesAudit: true },
  { email: DEMO.director, firstName: 'Marcus', seesAudit: true },
  { email: DEMO.administrator, firstName: 'Priya', seesAudit: false },
  { email: DEMO.assistant, firstName: 'Alicia', seesAudit: false },
];

for (const role of ROLES) {
  test(`the dashboard as ${role.firstName}`, async ({ page, shot }) => {
    await signIn(page, role.email, '/');
    await expect(
      page.getByRole('heading', { name: new RegExp(`^Good (morning|afternoon|evening), ${role.firstName}$`) }),
    ).toBeVisible();
    await expect(page.getByTestId('stat-Active athletes')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId('stat-Teams')).toHaveText(/^\d+$/);
    await expect(page.getByRole('link', { name: /^Coaches\s+(\d+\s+unread|All read)$/ })).toBeVisible();
    await expect(page.getByText('Awaiting first sign-in')).toBeVisible();
    await expect(page.getByText('Jordan Ellis', { exact: true })).toBeVisible();
    await expect(page.getByText('Recent changes')).toHaveCount(role.seesAudit ? 1 : 0);
    if (role.firstName === 'Dana') await shot('home-dashboard');
  });
}

test('quick actions lead to a team’s chat and into a messages tab', async ({ page }) => {
  await signIn(page, DEMO.director, '/home/');
  await page.getByRole('button', { name: 'Message a team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message a team' });
  await dialog.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Open team chat' }).click();
  await expect(page.getByRole('heading', { name: 'Team chats' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  await page.getByRole('link', { name: /^Guardians\s+(\d+\s+unread|All read)$/ }).click();
  await expect(page).toHaveURL(/\/messages\?tab=GUARDIANS/);
  await expect(page.getByRole('tab', { name: /Guardians/, selected: true })).toBeVisible();
});
