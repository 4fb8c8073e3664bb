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

test('Add user on Home: the form’s code comes when a director reaches for the button', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, DEMO.director, '/');
  const addUser = page.getByRole('button', { name: 'Add user' });
  await expect(addUser).toBeVisible();
  // Home drawn, and its cards: the add-user form (a third of Home's code) not fetched yet.
  await expect(page.getByText('Awaiting first sign-in')).toBeVisible();
  expect(scripts.filter((path) => path.includes('user-form-modal'))).toEqual([]);

  await addUser.click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeVisible();
  // The dialog holds the focus, as it did when its code came with the page; the code came now.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  expect(scripts.filter((path) => path.includes('user-form-modal')).length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Again from the keyboard: the form is already here.
  await addUser.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
});

test('a returning director: Home’s code and data are fetched while the splash is up, not after it', async ({
  page,
}) => {
  await signIn(page, DEMO.director, '/');
  await expect(page.getByRole('button', { name: 'Add user' })).toBeVisible();
  // When the splash leaves, on the page's own clock (its resources are timed on it too).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const splash = document.getElementById('splash');
      if (!splash?.hidden) return;
      (window as unknown as { splashGone: number }).splashGone = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Marcus$/ })).toBeVisible();
  const timing = await page.evaluate(`({
    splashGone: window.splashGone,
    started: Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.startTime])),
  })`);
  const { splashGone, started } = timing as { splashGone: number; started: Record<string, number> };
  expect(splashGone).toBeGreaterThan(2000);
  const homeCode = Object.keys(started).filter((path) => /^\/assets\/(shell|home)-/.test(path));
  expect(homeCode.length).toBeGreaterThanOrEqual(2);
  for (const path of [...homeCode, '/api/dashboard', '/api/chat/tabs', '/api/setup/status'])
    expect(started[path], path).toBeLessThan(splashGone);
});
