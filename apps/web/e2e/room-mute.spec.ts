/**
 * Issue #19 item 2 (decision 023): the director mutes a conversation from the thread header; the
 * list marks it muted, the server keeps it; Unmute brings it back. A team's room list marks a muted
 * team room the same way. Desktop and phone, with axe.
 */
import type { RoomDetail, TeamSummary } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { DESKTOP, expectAccessible, PHONE } from './axe.ts';
import { ChatClient } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

async function muteJourney(page: Page, baseURL: string, tag: string) {
  const director = await ChatClient.connect(baseURL, DEMO.director);
  const coach = await ChatClient.connect(baseURL, DEMO.coach);
  try {
    const roomId = await coach.directRoomWith((await director.me()).id);
    await coach.send(roomId, `${tag}: mute test`);
    await signIn(page, DEMO.director, `/messages/?tab=COACHES&roomId=${roomId}`);
    const options = page.getByRole('button', { name: 'Conversation options' });
    await options.click();
    await expect(page.getByRole('menuitem', { name: 'Mute for 1 hour' })).toBeVisible();
    await expectAccessible(page, `mute menu (${tag})`);
    await page.getByRole('menuitem', { name: 'Mute until I turn it back on' }).click();
    await expect(page.getByText('Conversation muted')).toBeVisible();
    if (tag === 'desktop') await expect(page.getByTestId('thread-muted')).toBeVisible();
    const detail = () => director.api<RoomDetail>('GET', `/chat/rooms/${roomId}`);
    expect((await detail()).viewerMute).toEqual({ muted: true, mutedUntil: null });
    if (tag === 'desktop') {
      // The open conversation's row in the list says it is muted, to the eye and to a screen reader.
      const row = page.locator('button[aria-current="true"]', { has: page.getByTestId('room-muted') });
      await expect(row).toBeVisible();
      await expect(row).toHaveAccessibleName(/muted/);
    }

    await options.click();
    await page.getByRole('menuitem', { name: 'Unmute' }).click();
    await expect(page.getByTestId('thread-muted')).toHaveCount(0);
    expect((await detail()).viewerMute).toEqual({ muted: false, mutedUntil: null });
  } finally {
    director.close();
    coach.close();
  }
}

/** A team room muted from its thread is marked in the team's room list (on a phone, back in the list). */
async function teamMuteJourney(page: Page, baseURL: string, tag: string) {
  const director = await ChatClient.connect(baseURL, DEMO.director);
  const teams = await director.api<TeamSummary[]>('GET', '/teams/list-organization-teams');
  const team = teams.filter((t) => t.status === 'ACTIVE')[tag === 'phone' ? 1 : 0] as TeamSummary;
  const rooms = () => director.api<{ id: number; muted: boolean }[]>('GET', `/chat/teams/${team.id}/rooms`);
  const roomId = ((await rooms())[0] as { id: number }).id;
  try {
    await signIn(page, DEMO.director, `/teams/${team.id}/chats?roomId=${roomId}`);
    const rows = page.getByRole('button', { name: /Whole team/ });
    if (tag === 'desktop') await expect(rows.getByTestId('room-muted')).toHaveCount(0);
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('menuitem', { name: 'Mute for 8 hours' }).click();
    await expect(page.getByText('Conversation muted')).toBeVisible();
    if (tag === 'phone') await page.getByRole('button', { name: 'Back to conversations' }).click();
    const row = rows.filter({ has: page.getByTestId('room-muted') });
    await expect(row).toBeVisible();
    await expect(row).toHaveAccessibleName(/muted/);
    await expectAccessible(page, `muted team room (${tag})`);
    await page.screenshot({ path: `e2e/.screenshots/room-mute-team-${tag}.png` });
    expect((await rooms())[0]?.muted).toBe(true);
  } finally {
    // The demo director's team room rings again for the journeys after this one.
    await director.api('PUT', `/chat/rooms/${roomId}/mute`, { muted: false });
    director.close();
  }
}

test.describe('at desktop size', () => {
  test.use(DESKTOP);
  test('the director mutes a conversation and unmutes it', async ({ page, baseURL }) => {
    await muteJourney(page, baseURL as string, 'desktop');
  });
  test('a muted team room is marked in the team’s room list', async ({ page, baseURL }) => {
    await teamMuteJourney(page, baseURL as string, 'desktop');
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('the same menu fits and works', async ({ page, baseURL }) => {
    await muteJourney(page, baseURL as string, 'phone');
  });
  test('a muted team room is marked in the team’s room list', async ({ page, baseURL }) => {
    await teamMuteJourney(page, baseURL as string, 'phone');
  });
});
