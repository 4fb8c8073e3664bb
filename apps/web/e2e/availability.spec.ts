import type { CalendarOccurrence, TeamDetail, TeamSummary } from '@fieldhouse/shared';
import { expectAccessible } from './axe.ts';
import { api } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * Issue 18's availability as the director sees it: an athlete answers "Not going" to Tuesday's
 * practice with a note (through the API, as the member app will); the director reads it in the
 * event drawer and on the team page, and a second answer arrives live.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** The next Tuesday at least two days ahead, as YYYY-MM-DD. */
function nextTuesday() {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A practice on a team with at least two athletes, and two of them. */
async function arrange(baseURL: string, title: string, hour: number) {
  const teams = await api<TeamSummary[]>(baseURL, DEMO.admin, 'GET', '/teams/list-organization-teams');
  const summary = teams.find((t) => t.athleteCount >= 3 && t.status === 'ACTIVE') as TeamSummary;
  const team = await api<TeamDetail>(baseURL, DEMO.admin, 'GET', `/teams/${summary.id}`);
  const date = nextTuesday();
  const event = await api<CalendarOccurrence>(baseURL, DEMO.admin, 'POST', '/calendar/events', {
    type: 'PRACTICE',
    title,
    teamId: team.id,
    start: `${date}T${hour}:30`,
    end: `${date}T${hour + 1}:30`,
    facility: 'Main Gym',
    confirmConflicts: true,
  });
  const [first, second] = team.athletes.filter((a) => a.status === 'ACTIVE');
  if (!first || !second) throw new Error('the demo team has no two active athletes');
  return { team, event, date, first, second };
}

test('an athlete’s “Not going” shows in the event drawer and on the team page, and answers arrive live', async ({
  page,
  shot,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const url = baseURL as string;
  const { team, event, date, first, second } = await arrange(url, 'Availability Practice', 17);
  await api(url, first.email, 'PUT', `/calendar/events/${event.eventId}/availability`, {
    status: 'NOT_GOING',
    note: 'Dentist appointment',
  });

  await signIn(page, DEMO.admin, `/calendar/?view=day&date=${date}&event=${event.eventId}`);
  const drawer = page.getByRole('dialog', { name: 'Event details' });
  const coming = drawer.getByRole('region', { name: 'Who’s coming' });
  await expect(coming).toBeVisible();
  await expect(coming.getByText('1 not going')).toBeVisible();
  await expect(coming.getByText(`${first.firstName} ${first.lastName ?? ''}`.trim())).toBeVisible();
  await expect(coming.getByText('“Dentist appointment”')).toBeVisible();
  // The long "No reply" list is folded; the last athlete shows on request.
  const last = team.athletes.filter((a) => a.status === 'ACTIVE').at(-1) as (typeof team.athletes)[number];
  const lastName = `${last.firstName} ${last.lastName ?? ''}`.trim();
  await expect(coming.getByText(lastName, { exact: true })).toHaveCount(0);
  await coming.getByRole('button', { name: /^Show all \d+$/ }).click();
  await expect(coming.getByText(lastName, { exact: true })).toBeVisible();
  await shot('availability-drawer');

  // A second athlete answers while the drawer is open: it updates without a reload.
  await api(url, second.email, 'PUT', `/calendar/events/${event.eventId}/availability`, { status: 'GOING' });
  await expect(coming.getByText('1 going')).toBeVisible();
  await expectAccessible(page, 'availability drawer');

  await page.goto(`/teams/${team.id}`);
  const upcoming = page.getByRole('link', { name: /Availability Practice/ });
  await expect(upcoming).toContainText('1 going · 1 not going');
  await shot('availability-team-page');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the drawer’s answers fit the phone and pass the accessibility gate', async ({ page, shot, baseURL }) => {
    test.setTimeout(90_000);
    const url = baseURL as string;
    const { event, date, first } = await arrange(url, 'Phone Availability Practice', 15);
    await api(url, first.email, 'PUT', `/calendar/events/${event.eventId}/availability`, {
      status: 'MAYBE',
      note: 'Waiting on a ride',
    });
    await signIn(page, DEMO.admin, `/calendar/?view=day&date=${date}&event=${event.eventId}`);
    const coming = page.getByRole('dialog', { name: 'Event details' }).getByRole('region', { name: 'Who’s coming' });
    await coming.scrollIntoViewIfNeeded();
    await expect(coming.getByText('1 maybe')).toBeVisible();
    await expect(coming.getByText('“Waiting on a ride”')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectAccessible(page, 'availability drawer on a phone');
    await shot('availability-drawer-phone');
  });
});
