/**
 * The member app's journeys share the admin app's browser fixtures (console and CSP checks), axe
 * checks and demo accounts (apps/web/e2e): one Playwright config runs both apps against one server.
 */
import type { MyProfile } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { api, ChatClient } from '../../web/e2e/chat-client.ts';
import { expect } from '../../web/e2e/fixtures.ts';
import { DEMO } from '../../web/e2e/helpers.ts';

export { DESKTOP, expectAccessible, PHONE } from '../../web/e2e/axe.ts';
export { api } from '../../web/e2e/chat-client.ts';
export { expect, test } from '../../web/e2e/fixtures.ts';
export { DEMO, latestMail } from '../../web/e2e/helpers.ts';

/** The member accounts the demo seeds (apps/server/src/seed/demo.ts), same password as the admin. */
export const MEMBERS = {
  coach: DEMO.coach,
  athlete: 'athlete@lincolnhigh.example',
  parent: 'parent@lincolnhigh.example',
};

/** Fills and submits the member sign-in form. */
export async function submitMemberSignIn(page: Page, email: string, password = DEMO.password) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `path` of the member app signed out, signs in as `email`, and waits for the bottom tabs. */
export async function signInMember(page: Page, email: string, path = '/m/') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/m\/auth\/sign-in/);
  await submitMemberSignIn(page, email);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 15_000 });
}

/**
 * The demo's super admin on a real socket (as another device would be), in a direct conversation
 * with the coach: the other side of the thread journeys. Close `director` when done.
 */
export async function directorWithCoach(baseURL: string) {
  const coachId = (await api<MyProfile>(baseURL, MEMBERS.coach, 'GET', '/me/profile')).id;
  const director = await ChatClient.connect(baseURL, DEMO.admin);
  const roomId = await director.directRoomWith(coachId).catch((error: unknown) => {
    director.close();
    throw error;
  });
  return { director, roomId, coachId };
}
