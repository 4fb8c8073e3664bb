/**
 * Issue #19 item 2 (decision 023): the director mutes a conversation from the thread header; the
 * list marks it muted, the server keeps it; Unmute brings it back. Desktop and phone, with axe.
 */
import type { RoomDetail } from '@fieldhouse/shared';
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

test.describe('at desktop size', () => {
  test.use(DESKTOP);
  test('the director mutes a conversation and unmutes it', async ({ page, baseURL }) => {
    await muteJourney(page, baseURL as string, 'desktop');
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('the same menu fits and works', async ({ page, baseURL }) => {
    await muteJourney(page, baseURL as string, 'phone');
  });
});
