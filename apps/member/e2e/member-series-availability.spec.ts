import type { CalendarOccurrence, MemberTeam } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { api, DEMO, DESKTOP, expect, expectAccessible, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

/**
 * Issue 18 item 3, "for a series" (decision 022): on a date of a series the athlete answers for
 * just that date or for it and every later one; an earlier date keeps no answer, and a one-off
 * event offers no such choice. Phone and desktop, checked with axe.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A daily practice of the demo athlete's team for five days from two days ahead, and a one-off. */
async function arrange(baseURL: string, suffix: string, hour: number) {
  const teams = await api<MemberTeam[]>(baseURL, MEMBERS.athlete, 'GET', '/me/teams');
  const team = teams.find((t) => t.as === 'ATHLETE');
  if (!team) throw new Error('the demo athlete plays on no team');
  const base = { type: 'PRACTICE', teamId: team.id, facility: `Field ${suffix}`, confirmConflicts: true };
  const series = `Morning Run ${suffix}`;
  await api<CalendarOccurrence>(baseURL, DEMO.admin, 'POST', '/calendar/events', {
    ...base,
    title: series,
    start: `${day(2)}T${pad(hour)}:00`,
    end: `${day(2)}T${pad(hour)}:45`,
    repeat: { byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: day(6) },
  });
  const single = `Team Photo ${suffix}`;
  await api<CalendarOccurrence>(baseURL, DEMO.admin, 'POST', '/calendar/events', {
    ...base,
    title: single,
    start: `${day(3)}T${pad(hour + 1)}:00`,
    end: `${day(3)}T${pad(hour + 1)}:30`,
  });
  return { series, single };
}

async function seriesJourney(page: Page, baseURL: string, tag: string, hour: number) {
  const suffix = `${tag}-${Date.now().toString(36)}`;
  const { series, single } = await arrange(baseURL, suffix, hour);
  await signInMember(page, MEMBERS.athlete, '/m/schedule');
  const dates = page.getByRole('link', { name: new RegExp(`^${series}`) });
  await expect(dates).toHaveCount(5);

  // A one-off event is answered for itself only.
  await page.getByRole('link', { name: new RegExp(`^${single}`) }).click();
  await expect(page.getByText('Are you coming?')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Answer for' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the schedule' }).click();

  // The second date, for it and every later one.
  await dates.nth(1).click();
  await expect(page.getByRole('heading', { name: series, level: 1 })).toBeVisible();
  const scope = page.getByRole('radiogroup', { name: 'Answer for' });
  await expect(scope.getByRole('radio', { name: 'Just this event' })).toBeChecked();
  await page.getByText('Not going', { exact: true }).click();
  await page.getByLabel('Note (optional)').fill('Away this week');
  await scope.getByRole('radio', { name: 'All upcoming in this series' }).check();
  await expectAccessible(page, `a series date (${tag})`);
  await page.screenshot({ path: `e2e/.screenshots/member-series-availability-${tag}.png` });
  await page.getByRole('button', { name: 'Save answer' }).click();
  await expect(page.getByText('Saved for 4 dates: Not going')).toBeVisible();

  await page.getByRole('link', { name: 'Back to the schedule' }).click();
  await expect(dates.nth(0).getByText(/You answered/)).toHaveCount(0);
  for (const n of [1, 2, 3, 4]) await expect(dates.nth(n).getByText('You answered: Not going')).toBeVisible();

  // Just this event changes the one date only.
  await dates.nth(4).click();
  await page.getByText('Going', { exact: true }).click();
  await page.getByRole('button', { name: 'Save answer' }).click();
  await expect(page.getByText('Saved: Going')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the schedule' }).click();
  await expect(dates.nth(4).getByText('You answered: Going')).toBeVisible();
  await expect(dates.nth(3).getByText('You answered: Not going')).toBeVisible();
}

test.describe('at phone size', () => {
  test.use(PHONE);
  test('an athlete answers a series date for it and the later ones', async ({ page, baseURL }) => {
    await seriesJourney(page, baseURL as string, 'phone', 6);
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);
  test('the same choice reads well on a wide screen', async ({ page, baseURL }) => {
    await seriesJourney(page, baseURL as string, 'desktop', 9);
  });
});
