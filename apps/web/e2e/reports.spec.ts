import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

const REPORTS = [
  { name: 'roster', card: 'Roster by team', header: 'team,sport,season,schoolYear,athlete,' },
  { name: 'users', card: 'Users by role and status', header: 'role,ACTIVE,INACTIVE,SUSPENDED,DELETED,total' },
  { name: 'participation', card: 'Teams and participation', header: 'sport,season,schoolYear,team,' },
  { name: 'messaging', card: 'Messaging activity', header: 'day,coaches,athletes,guardians,staff,total' },
  { name: 'unanswered', card: 'Unanswered conversations', header: 'group,counterpart,counterpartRole,admin,' },
  { name: 'events', card: 'Events by month', header: 'month,type,status,count' },
] as const;

async function downloadCsv(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  return readFileSync(await download.path(), 'utf8');
}

test('run every report, download its CSV and print it', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/reports/');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // The default report is the roster.
  await expect(page.getByRole('button', { name: /Roster by team/ })).toHaveAttribute('aria-pressed', 'true');

  for (const report of REPORTS) {
    await page.getByRole('button', { name: new RegExp(report.card) }).click();
    await expect(page).toHaveURL(new RegExp(`report=${report.name}`));
    const section = page.getByRole('region', { name: report.card });
    await expect(section.getByRole('heading', { name: report.card })).toBeVisible();
    await expect(
      section.getByTestId('report-table').or(section.getByText(/Nothing is waiting|No events/)),
    ).toBeVisible();
    const csv = await downloadCsv(page, report.name);
    expect(csv.startsWith(report.header)).toBe(true);
    await shot(`reports-${report.name}`);
  }
});

test('filters travel in the URL and narrow the report and its CSV', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/reports/?report=roster');
  const table = page.getByTestId('report-table');
  await expect(table).toBeVisible();
  await page.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Varsity Football' }).click();
  await expect(page).toHaveURL(/teamId=\d+/);
  await expect(page.getByText('Team: Varsity Football')).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('Varsity Football');
  const teams = await rows.locator('td:first-child p:first-child').allInnerTexts();
  expect(new Set(teams)).toEqual(new Set(['Varsity Football']));
  const csv = await downloadCsv(page, 'roster');
  const lines = csv.trim().split('\r\n').slice(1);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((line) => line.startsWith('Varsity Football,'))).toBe(true);
  await shot('reports-roster-filtered');

  await page.getByRole('button', { name: /Messaging activity/ }).click();
  await expect(page).not.toHaveURL(/teamId=/);
  await expect(page.getByTestId('first-response')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'Coaches' }).click();
  await expect(page).toHaveURL(/group=COACHES/);
  await expect(page.getByTestId('first-response')).toHaveCount(1);
});

test('the reports read well in the dark theme and on paper', async ({ page, shot }) => {
  await signIn(page, DEMO.admin, '/reports/?report=messaging');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('report-table')).toBeVisible();
  await shot('reports-messaging-dark');
  await page.goto('/reports/?report=users');
  await expect(page.getByTestId('report-table')).toBeVisible();
  await shot('reports-users-dark');

  // Print: shell, picker and filters gone; the report's title, chart and table on white.
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Report filters' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Users by role and status' })).toBeVisible();
  await expect(page.getByTestId('report-table')).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shot('reports-print');
  // Back to the light theme for the journeys after this one (the choice is stored).
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
});
