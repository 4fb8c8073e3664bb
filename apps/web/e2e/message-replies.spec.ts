/**
 * Issue #19 item 2 (decision 023): the director replies to the coach's message from the message
 * menu; the quote bar can be cancelled with Escape; the coach, on a real socket, receives the
 * reply with its quote; the quote leads back to the original; an unsend of the original empties
 * the quote live. At desktop and phone size, with axe on the reply bar and the quoted bubble.
 */
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { DESKTOP, expectAccessible, PHONE } from './axe.ts';
import { ChatClient } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

async function replyJourney(page: Page, shot: (name: string) => Promise<void>, baseURL: string, tag: string) {
  const director = await ChatClient.connect(baseURL, DEMO.director);
  const directorId = (await director.me()).id;
  director.close();
  const coach = await ChatClient.connect(baseURL, DEMO.coach);
  try {
    const roomId = await coach.directRoomWith(directorId);
    const coachName = (await coach.me()).firstName;
    const original = await coach.send(roomId, `${tag}: can we move Thursday's practice to 6:00?`);
    // Enough after it that the original is scrolled out of sight.
    for (let i = 1; i <= 20; i++) await coach.send(roomId, `${tag}: note ${i} about the bus list`);
    const received = new Promise<ChatMessage>((resolve) =>
      coach.socket.on(SOCKET_EVENTS.chatMessageReceived, (m: ChatMessage) => m.replyTo && resolve(m)),
    );

    await signIn(page, DEMO.director, `/messages/?tab=COACHES&roomId=${roomId}`);
    const theirs = page.locator(`[data-message-id="${original.id}"]`);
    await theirs.scrollIntoViewIfNeeded();
    // Reply is offered on someone else's message (Edit and Unsend are not).
    await theirs.getByRole('button', { name: 'Message actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Reply' }).click();
    const bar = page.getByTestId('reply-bar');
    await expect(bar).toContainText(`Replying to ${coachName}`);
    await expect(bar).toContainText("can we move Thursday's practice to 6:00?");
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeFocused();
    // Escape drops the reply, not what was written.
    await composer.fill('draft');
    await composer.press('Escape');
    await expect(bar).toHaveCount(0);
    await expect(composer).toHaveValue('draft');

    await theirs.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Reply' }).click();
    await expect(bar).toBeVisible();
    await expectAccessible(page, `reply bar (${tag})`);
    await shot(`message-reply-bar-${tag}`);
    const answer = `${tag}: yes, 6:00 in Main Gym`;
    await composer.fill(answer);
    await composer.press('Enter');
    await expect(bar).toHaveCount(0);

    const heard = await received;
    expect(heard).toMatchObject({ content: answer, replyTo: { id: original.id, unsent: false } });
    const reply = page.locator(`[data-message-id="${heard.id}"]`);
    const quote = reply.getByTestId('reply-quote');
    await expect(quote).toContainText(coachName);
    await expect(quote).toContainText("can we move Thursday's practice");
    await expectAccessible(page, `a reply (${tag})`);
    await shot(`message-reply-${tag}`);

    // The quote leads back to the original, out of sight until then, and lights it up.
    await expect(theirs).not.toBeInViewport();
    await quote.click();
    await expect(theirs).toBeInViewport();
    await expect(theirs).toHaveAttribute('data-highlighted', 'true');

    // The coach takes the original back: the quote empties live, without its words.
    await coach.request(SOCKET_EVENTS.messageUnsend, { messageId: original.id });
    await expect(quote).toContainText('Message unsent');
    await expect(quote).not.toContainText('Thursday');
  } finally {
    coach.close();
  }
}

test.describe('at desktop size', () => {
  test.use(DESKTOP);

  test('the director replies to the coach; the quote leads to the original and follows its unsend', async ({
    page,
    shot,
    baseURL,
  }) => {
    await replyJourney(page, shot, baseURL as string, 'desktop');
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the same reply fits and works', async ({ page, shot, baseURL }) => {
    await replyJourney(page, shot, baseURL as string, 'phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
});
