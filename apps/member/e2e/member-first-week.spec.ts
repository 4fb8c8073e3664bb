import type { MemberConversation, PagedResponse, Sport } from '@fieldhouse/shared';
import { OwnServer } from '../../web/e2e/own-server.ts';
import { api, expect, expectAccessible, latestMail, PHONE, submitMemberSignIn, test } from './member-helpers.ts';

/**
 * A member's first week on an install that starts empty (no demo): the first super admin sets up
 * the school, makes a team and invites its coach; the coach signs in to the member app on a phone
 * with the invitation, chooses a password, finds the team on Home and an empty Chats tab, and
 * writes to the school's staff, who get the conversation.
 */

const ROOT = { email: 'root@jefferson.example', password: 'Install-Pass-2026' };
const COACH = { email: 'jordan.kim@jefferson.example', password: 'Coach-Chosen-2026' };
const server = new OwnServer(Number(process.env.E2E_PORT ?? 4517) + 5, {
  SEED_DEMO: 'false',
  FIELDHOUSE_ADMIN_EMAIL: ROOT.email,
  FIELDHOUSE_ADMIN_PASSWORD: ROOT.password,
});

test.use({ ...PHONE, baseURL: server.url, strictConsole: true });
test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.kill();
});

/** A call to the API as the install's first super admin. */
const asRoot = <T>(method: string, path: string, body?: unknown) =>
  api<T>(server.url, ROOT.email, method, path, body, ROOT.password);

test('an invited coach’s first week in the member app on an empty install', async ({ page, request }) => {
  test.setTimeout(120_000);
  await asRoot('POST', '/setup/organization', { name: 'Jefferson High School', timezone: 'America/Chicago' });
  const sports = await asRoot<Sport[]>('GET', '/sports');
  const sport = sports.find((s) => s.name === 'Volleyball') ?? sports[0];
  if (!sport) throw new Error('the sports catalogue is empty');
  const team = await asRoot<{ id: number; name: string }>('POST', '/teams', {
    name: 'Girls Varsity Volleyball',
    sportId: sport.id,
    gender: 'GIRLS',
    season: 'FALL',
    schoolYear: '2026-27',
  });
  await asRoot('POST', '/user', {
    email: COACH.email,
    firstName: 'Jordan',
    lastName: 'Kim',
    role: 'COACH',
    teamIds: [team.id],
    coachRole: 'HEAD',
  });

  // The invitation's temporary password, then a password of the coach's own.
  const temporary = (await latestMail(request, COACH.email, ROOT)).match(/temporary password: (\S+)/)?.[1] ?? '';
  expect(temporary).not.toBe('');
  await page.goto('/m/');
  await expect(page).toHaveURL(/\/m\/auth\/sign-in/);
  await submitMemberSignIn(page, COACH.email, temporary);
  await expect(page.getByText('Choose a password of your own')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(COACH.password);
  await page.getByLabel('Repeat the new password').fill(COACH.password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();

  // Home: the team, and empty lists that say what will come.
  await expect(page.getByRole('heading', { name: 'Hi, Jordan', level: 1 })).toBeVisible({ timeout: 20_000 });
  const teams = page.locator('section', { has: page.getByRole('heading', { name: 'My teams' }) });
  await expect(teams.getByText(team.name, { exact: true })).toBeVisible();
  await expect(page.getByText('Nothing scheduled this week')).toBeVisible();
  await expectAccessible(page, 'a new coach’s Home on an empty install');
  await page.screenshot({ path: 'e2e/.screenshots/member-first-week-home.png', fullPage: true });

  // Chats: nothing yet but the team's own room, if the school made one; then write to the staff.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Chats/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
  await expect(
    page.getByText('No conversations yet').or(page.getByRole('list', { name: 'Conversations' })),
  ).toBeVisible();
  await expectAccessible(page, 'a new coach’s Chats on an empty install');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  const staff = page.getByRole('region', { name: 'Athletic staff' });
  await expect(staff).toBeVisible();
  await staff.getByRole('button').first().click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hi! Where do we pick up the volleyball nets?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Where do we pick up the volleyball nets?');
  await page.screenshot({ path: 'e2e/.screenshots/member-first-week-thread.png' });

  // The school's staff member has the conversation, unread.
  await expect
    .poll(async () => {
      const mine = await asRoot<PagedResponse<MemberConversation>['data']>('GET', '/me/conversations');
      return mine.result.find((c) => c.counterpart?.firstName === 'Jordan')?.unread ?? 0;
    })
    .toBe(1);
});
