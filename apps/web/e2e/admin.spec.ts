import { readFile } from 'node:fs/promises';
import { expectAccessible, overflow, PHONE } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/** Changes a person's status from the users screen (the drawer's confirmation). */
async function setStatus(page: import('@playwright/test').Page, search: string, name: string, action: string) {
  await page.goto(`/users/?search=${encodeURIComponent(search)}`);
  await page.getByTestId('user-row').first().click();
  const drawer = page.getByRole('dialog', { name: 'Person' });
  await expect(drawer.getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
  await drawer.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
}

test('the audit log finds a change made on the users screen', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/users/');
  await setStatus(page, 'tom becker', 'Tom Becker', 'Suspend');

  await page.getByRole('navigation').getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/tab=audit/);
  await page.getByLabel('Search').fill('tom becker');
  const row = page.getByRole('row', { name: /Suspended Tom Becker/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Dana Whitaker');
  await expect(row).toContainText('Status changed');
  await row.click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes).toContainText('ACTIVE');
  await expect(changes).toContainText('SUSPENDED');
  await shot('admin-audit');

  // Leave the demo as it was (the reactivation is audited too).
  await setStatus(page, 'tom becker', 'Tom Becker', 'Activate');
});

test('supervising a conversation needs a reason and stays read-only', async ({ page, shot }) => {
  await signIn(page, DEMO.director, '/admin/home/?tab=supervision');
  await expect(page.getByRole('tab', { name: 'Organizations' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'System status' })).toHaveCount(0);
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/admin/conversations') && r.url().includes('practice'),
  );
  await page.getByLabel('Search conversations').fill('practice');
  await searched;
  const first = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Open' }) })
    .first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  // The list says who wrote last and when, never what: the words matched stay unread until a reason is given.
  await expect(first).not.toContainText(/practice/i);
  await shot('admin-supervision-list');
  await first.getByRole('button', { name: 'Open' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Show messages' }).click();
  await expect(dialog.getByText('Give a reason of at least 10 characters')).toBeVisible();
  const reason = 'Safeguarding review requested by the principal';
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Show messages' }).click();
  await expect(dialog.getByText(`Reason recorded: ${reason}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Export PDF' })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  // The whole document arrived (it is written out page by page as it is laid out).
  const bytes = await readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  await shot('admin-supervision');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByLabel('Search').fill('conversation');
  await expect(page.getByRole('row', { name: /Conversation read/ }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /Conversation exported/ }).first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the supervision list is a card per conversation that fits the screen', async ({ page, shot }) => {
    await signIn(page, DEMO.director, '/admin/home/?tab=supervision');
    const open = page.getByRole('button', { name: 'Open' }).first();
    await expect(open).toBeVisible({ timeout: 15_000 });
    // Each card names the conversation and labels what it shows; nothing needs a sideways scroll.
    const card = page.getByRole('row').filter({ has: open }).first();
    await expect(card.locator('[data-label="Last message"]')).toBeVisible();
    expect(await overflow(page)).toBe(0);
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'supervision list on a phone');
    await shot('admin-supervision-list-phone');
    await open.click();
    await expect(page.getByRole('textbox', { name: 'Reason' })).toBeVisible();
  });
});

test('system status shows the database, connected sockets and reported errors', async ({ page, shot }) => {
  // Browsers report socket errors without needing a session (SPEC §8).
  for (const [type, message] of [
    ['timeout', 'Connection timed out'],
    ['timeout', 'Connection timed out'],
    ['network', 'Network connection lost'],
  ] as const) {
    const res = await page.request.post('/api/telemetry/socket-errors', {
      data: { type, message, code: null, timestamp: Date.now(), retryable: true },
    });
    expect(res.status()).toBe(202);
  }
  await signIn(page, DEMO.admin, '/admin/home/?tab=system');
  await expect(page.getByRole('heading', { name: 'Database' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Up', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connected sockets' })).toBeVisible();
  await expect(page.getByText('(this node)')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Recent socket errors' })).toBeVisible();
  await expect(page.getByText('The last 3 errors browsers reported to this node, by type.')).toBeVisible();
  await shot('admin-system');
});
