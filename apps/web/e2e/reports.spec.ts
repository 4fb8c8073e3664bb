import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PHONE } from './axe.ts';
import { ChatClient } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/** Each CSV's header: the screen's words (codes only as extra "... code" columns). */
const REPORTS = [
  { name: 'roster', card: 'Roster by team', header: 'Team,Sport,Season,School year,Athlete,#,' },
  { name: 'users', card: 'Users by role and status', header: 'Role,Active,Inactive,Suspended,Deleted,Total,Role code' },
  {
    name: 'participation',
    card: 'Teams and participation',
    header: 'Sport,Season,School year,Team,Level,Gender,Status,Athletes,Coaches,Level code,Gender code',
  },
  { name: 'messaging', card: 'Messaging activity', header: 'Day,Coaches,Athletes,Guardians,Staff,Total' },
  { name: 'unanswered', card: 'Unanswered conversations', header: 'Waiting,From,Role,Group,Staff member,Since (' },
  { name: 'events', card: 'Events by month', header: 'Month,Type,Status,Events,Month (YYYY-MM)' },
  {
    name: 'availability',
    card: 'Availability',
    header: 'Starts (America/Chicago),Event,Team,Type,Status,Roster,Going,Maybe,Not going,No reply,Replied (%)',
  },
] as const;

/** Raw codes and ISO instants a director should never have to read in a CSV's words. */
const RAW =
  /(^|,)(JUNIOR_VARSITY|ATHLETIC_DIRECTOR|PARENT|GUARDIANS|SCHEDULED|WINTER|ACTIVE)(,|$)|\d{4}-\d{2}-\d{2}T\d{2}:/m;

async function downloadCsv(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  return readFileSync(await download.path(), 'utf8');
}

test('run every report, download its CSV and print it', async ({ page, shot }) => {
  // Seven reports, each with its CSV and a picture: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
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
      section.getByTestId('report-table').or(section.getByText(/Nothing is waiting|No events|No team events/)),
    ).toBeVisible();
    const csv = await downloadCsv(page, report.name);
    expect(csv.startsWith(report.header)).toBe(true);
    // Codes stay only in their own "... code" columns, at the end of a line.
    const words = csv
      .split('\r\n')
      .map((line) => line.replace(/,[A-Z_]+(,[A-Z_]+)?$/, ''))
      .join('\r\n');
    expect(words).not.toMatch(RAW);
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

/**
 * Issue 19: the participation totals a director files, and an unanswered conversation that opens
 * in Messages, on a desktop and on a phone.
 */
for (const [size, use] of [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', PHONE],
] as const) {
  test.describe(`filed figures (${size})`, () => {
    test.use(use);

    test('participation totals by gender and level, and an unanswered row opens its conversation', async ({
      page,
      shot,
      baseURL,
    }) => {
      await signIn(page, DEMO.admin, '/reports/?report=participation');
      const totals = page.getByTestId('participation-totals');
      await expect(totals).toBeVisible();
      await expect(totals.getByTestId('participation-total-row').filter({ hasText: 'Gender:' }).first()).toBeVisible();
      await expect(totals.getByTestId('participation-total-row').filter({ hasText: 'Level:' }).first()).toBeVisible();
      // The total row's unduplicated athletes match the API's, and never exceed the roster spots.
      const admin = await ChatClient.connect(baseURL as string, DEMO.admin);
      const report = await admin.api<{
        totals: { total: { athletes: number; rosterSpots: number }; byGender: { gender: string }[] };
      }>('GET', '/reports/participation');
      // The chart puts each team gender of the school beside the others at every level.
      const chart = page.getByTestId('participation-gender-chart');
      await expect(chart).toBeVisible();
      const genderWords: Record<string, string> = { BOYS: 'Boys', GIRLS: 'Girls', COED: 'Coed' };
      expect(report.totals.byGender.length).toBeGreaterThan(0);
      for (const { gender } of report.totals.byGender) {
        await expect(chart.getByText(genderWords[gender] ?? gender, { exact: true }).first()).toBeVisible();
      }
      await expect(chart.getByText('All levels').first()).toBeVisible();
      const total = page.getByTestId('participation-total');
      await expect(total).toContainText('All teams');
      await expect(total.locator('[data-label="Athletes"]')).toHaveText(report.totals.total.athletes.toLocaleString());
      expect(report.totals.total.athletes).toBeLessThanOrEqual(report.totals.total.rosterSpots);
      // The sport chart's title counts each athlete once too, as the total row does.
      await expect(page.getByText(`(${report.totals.total.athletes.toLocaleString()} in all, each once`)).toBeVisible();
      await shot(`reports-participation-totals-${size}`);
      await totals.screenshot({ path: `e2e/.screenshots/reports-participation-totals-${size}-table.png` });

      // A coach writes to the admin; the admin's report lists it and the row opens the room.
      const coach = await ChatClient.connect(baseURL as string, DEMO.coach);
      const roomId = await coach.directRoomWith((await admin.me()).id);
      const text = `Is the bus at 3? (${size} ${Date.now()})`;
      await coach.send(roomId, text);
      const coachName = (await coach.me()).firstName;
      coach.close();
      const waiting = await admin.api<{ result: { roomId: number }[]; paginationInfo: { totalPages?: number } }>(
        'GET',
        '/reports/unanswered?group=COACHES&limit=100',
      );
      const index = waiting.result.findIndex((r) => r.roomId === roomId);
      expect(index, 'the conversation is waiting').toBeGreaterThanOrEqual(0);
      admin.close();
      await page.goto(`/reports/?report=unanswered&group=COACHES&page=${Math.floor(index / 25) + 1}`);
      const link = page.getByRole('link', { name: new RegExp(`Open the conversation with ${coachName}`) });
      await expect(link).toBeVisible();
      await shot(`reports-unanswered-link-${size}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/messages\\?.*roomId=${roomId}`));
      // On a desktop the list shows it as the last message too; the thread shows it in full.
      await expect(page.getByText(text).last()).toBeVisible();
      await shot(`reports-unanswered-opened-${size}`);
    });
  });
}
