import { REPORT_NAMES } from '@fieldhouse/shared';
import type { Locator } from '@playwright/test';
import { overflow, PHONE } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

/** Issue 17: on a phone a table is a card per row (stacked-table.module.css), never a sideways scroll. */

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, 'laid out').not.toBeNull();
  return b ?? { x: 0, y: 0, width: 0, height: 0 };
};

/** The label a stacked cell shows above its value (its ::before), or '' when none is drawn. */
const shownLabel = (cell: Locator) =>
  cell.evaluate((td) => {
    const before = getComputedStyle(td, '::before');
    return before.display === 'none' ? '' : before.content.replace(/^"|"$/g, '');
  });

/** The row is as wide as its table, its cells are on more than one line, and a value shows its label. */
async function expectCard(table: Locator, row: Locator) {
  const card = await box(row);
  expect(Math.abs(card.width - (await box(table)).width), 'the card is as wide as the table').toBeLessThanOrEqual(2);
  const labelled = row.locator(':scope > td[data-label]');
  const first = await box(labelled.first());
  const last = await box(labelled.last());
  expect(last.y, 'the cells are stacked').toBeGreaterThanOrEqual(first.y + first.height - 1);
  expect(await shownLabel(labelled.first())).toBe(await labelled.first().getAttribute('data-label'));
}

test.describe('tables on a phone', () => {
  test.use(PHONE);

  test('every report is a card per row that fits the screen', async ({ page, shot }) => {
    test.setTimeout(90_000);
    await signIn(page, undefined, '/reports/');
    for (const report of REPORT_NAMES) {
      await page.goto(`/reports/?report=${report}`);
      const table = page.getByTestId('report-table');
      await expect(table.or(page.getByText(/Nothing is waiting|No events|No team events/)).first()).toBeVisible({
        timeout: 15_000,
      });
      if (!(await table.isVisible())) continue;
      await expectCard(table, table.locator('tbody > tr').first());
      // No sideways scroll, neither of the page nor inside the report's box.
      expect(await overflow(page), `${report} fits the screen`).toBeLessThanOrEqual(0);
      const scroller = page.getByLabel('Report table');
      expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth), `${report} has no sideways scroll`).toBe(
        0,
      );
      await shot(`phone-report-${report}`);
    }

    // Paper keeps the columns: the cards are for the screen only.
    await page.emulateMedia({ media: 'print' });
    const row = page.getByTestId('report-table').locator('tbody > tr').first();
    expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe('table-row');
    await page.emulateMedia({ media: 'screen' });
  });

  test('a person card puts short values two to a line under the full-width name', async ({ page }) => {
    await signIn(page, undefined, '/users/');
    const row = page.getByTestId('user-row').first();
    await expect(row).toBeVisible({ timeout: 15_000 });
    const name = await box(row.locator(':scope > td').first());
    const role = await box(row.locator(':scope > td[data-label="Role"]'));
    const year = await box(row.locator(':scope > td[data-label="Class"]'));
    expect(name.width, 'the name takes the card').toBeGreaterThan(role.width * 1.5);
    expect(year.y, 'role and class share a line').toBeCloseTo(role.y, 0);
    expect(year.x).toBeGreaterThan(role.x + role.width - 1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  test('the audit log is a card per change and opens its diff by keyboard', async ({ page, shot }) => {
    await signIn(page, undefined, '/admin/home/?tab=audit');
    const toggles = page.getByRole('button', { name: /^Changes: / });
    const row = page.getByRole('row').filter({ has: toggles }).first();
    const toggle = row.getByRole('button', { name: /^Changes: / });
    await expect(toggle).toBeVisible({ timeout: 15_000 });
    const table = page.getByRole('table').filter({ has: row });
    await expectCard(table, row);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The toggle sits at the top right of its card.
    const button = await box(toggle);
    const card = await box(row);
    expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    expect(button.y - card.y).toBeLessThan(12);

    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const diff = page.locator(`#${await toggle.getAttribute('aria-controls')}`).getByRole('table', { name: 'Changes' });
    await expect(diff).toBeVisible();
    await expect(toggle).toBeFocused();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await diff.scrollIntoViewIfNeeded();
    await shot('phone-audit-open');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(diff).toBeHidden();
  });
});
