import type { CalendarOccurrence, MemberTeam, MyAnnouncements, MyProfile, TeamDetail } from '@fieldhouse/shared';
import type { Browser, Page } from '@playwright/test';
import { signIn } from '../../web/e2e/helpers.ts';
import { api, DEMO, DESKTOP, expect, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

/**
 * Issue 18's "done when" across the two apps, each side in its own browser: the athlete answers
 * "Not going" on their phone and the director's open event drawer shows it live; the director posts
 * an announcement and the guardian's "Got it" on the phone moves the director's count live.
 */

async function directorBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** The demo athlete's team (the demo guardian's child plays on it). */
async function athleteTeam(baseURL: string) {
  const teams = await api<MemberTeam[]>(baseURL, MEMBERS.athlete, 'GET', '/me/teams');
  const team = teams.find((t) => t.as === 'ATHLETE');
  if (!team) throw new Error('the demo athlete plays on no team');
  return team;
}

/** The next Tuesday at least two days ahead, as YYYY-MM-DD. */
function nextTuesday() {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test.use(PHONE);

test('an athlete says “Not going” to Tuesday’s practice on the phone; the director’s drawer shows it live', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  const suffix = Date.now().toString(36);
  const team = await athleteTeam(base);
  const athlete = await api<MyProfile>(base, MEMBERS.athlete, 'GET', '/me/profile');
  const date = nextTuesday();
  const title = `Tuesday Practice ${suffix}`;
  const event = await api<CalendarOccurrence>(base, DEMO.admin, 'POST', '/calendar/events', {
    type: 'PRACTICE',
    title,
    teamId: team.id,
    start: `${date}T06:30`,
    end: `${date}T07:30`,
    facility: 'Main Gym',
    confirmConflicts: true,
  });

  const director = await directorBrowser(browser);
  try {
    await signIn(director, DEMO.admin, `/calendar/?view=day&date=${date}&event=${event.eventId}`);
    const coming = director
      .getByRole('dialog', { name: 'Event details' })
      .getByRole('region', { name: 'Who’s coming' });
    await expect(coming).toBeVisible();
    await expect(coming.getByText('1 not going')).toHaveCount(0);

    await signInMember(page, MEMBERS.athlete, '/m/schedule');
    await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
    await page.getByText('Not going', { exact: true }).click();
    await page.getByLabel('Note (optional)').fill(`Physio appointment ${suffix}`);
    await page.getByRole('button', { name: 'Save answer' }).click();
    await expect(page.getByText('Saved: Not going')).toBeVisible();

    await expect(coming.getByText('1 not going')).toBeVisible({ timeout: 15_000 });
    await expect(coming.getByText(`${athlete.firstName} ${athlete.lastName ?? ''}`.trim())).toBeVisible();
    await expect(coming.getByText(`“Physio appointment ${suffix}”`)).toBeVisible();
    await director.screenshot({ path: 'e2e/.screenshots/cross-app-availability-director.png' });
  } finally {
    await director.context().close();
  }
});

test('the director posts an announcement; the guardian’s “Got it” on the phone moves the count live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  const team = await athleteTeam(base);
  const text = `Picture day on Thursday — wear the home jersey (${Date.now().toString(36)})`;

  const director = await directorBrowser(browser);
  try {
    // The demo's super admin: other journeys change the director's password.
    await signIn(director, DEMO.admin, `/teams/${team.id}`);
    await director.getByRole('button', { name: 'Post announcement' }).click();
    const form = director.getByRole('dialog', { name: `Post announcement to ${team.name}` });
    await form.getByLabel('Announcement').fill(text);
    await form.getByRole('button', { name: 'Post announcement' }).click();
    await expect(director.getByText(new RegExp(`Announcement posted to ${team.name}`))).toBeVisible({
      timeout: 15_000,
    });
    await director.getByRole('link', { name: 'Team chats' }).click();
    const card = director.getByRole('article', { name: /^Announcement from / }).filter({ hasText: text });
    const line = card.getByText(/^Acknowledged by \d+ of \d+$/);
    await expect(line).toHaveText(/^Acknowledged by 0 of \d+$/, { timeout: 15_000 });
    const asked = Number((await line.textContent())?.match(/of (\d+)/)?.[1]);

    // The demo guardian, on the phone: the card waits on Home; "Got it".
    await signInMember(page, MEMBERS.parent);
    await page.getByRole('button', { name: `Got it: ${text}` }).click();
    await expect(page.getByText('Thanks, your coach will see you got it.')).toBeVisible();
    await expect(line).toHaveText(`Acknowledged by 1 of ${asked}`, { timeout: 15_000 });

    // A second guardian of the team says "Got it" from their phone too (here through the API).
    const detail = await api<TeamDetail>(base, DEMO.admin, 'GET', `/teams/${team.id}`);
    const others = detail.athletes
      .flatMap((a) => a.guardians)
      .filter((g) => g.status === 'ACTIVE' && g.email !== MEMBERS.parent);
    let acknowledged = false;
    for (const g of others) {
      const mine = await api<MyAnnouncements>(base, g.email, 'GET', '/me/announcements?status=pending&limit=10');
      const item = mine.result.find((r) => r.message.content === text);
      if (!item) continue;
      await api(base, g.email, 'POST', `/chat/messages/${item.message.id}/ack`, {});
      acknowledged = true;
      break;
    }
    expect(acknowledged, 'a second guardian of the team was asked').toBe(true);
    await expect(line).toHaveText(`Acknowledged by 2 of ${asked}`, { timeout: 15_000 });
    await card.getByRole('button', { name: /^See who acknowledged/ }).click();
    const who = director.getByRole('dialog', { name: 'Who acknowledged' });
    await expect(who.getByRole('region', { name: /^Acknowledged \(/ }).getByRole('listitem')).toHaveCount(2, {
      timeout: 15_000,
    });
    await expect(who.getByRole('region', { name: /^Missing/ }).getByRole('heading')).toHaveText(
      `Missing (${asked - 2})`,
    );
    await director.screenshot({ path: 'e2e/.screenshots/cross-app-announcement-director.png' });
  } finally {
    await director.context().close();
  }
});
