/**
 * Read receipts (issue #19 item 2, decision 023): the director writes to the coach from the
 * messages screen; the coach, on a real socket, reads it; "Seen" appears under the director's
 * message without a reload, and is there again after one (in the dark theme, with axe).
 */
import { randomUUID } from 'node:crypto';
import { DESKTOP, expectAccessible } from './axe.ts';
import { ChatClient } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

test.use(DESKTOP);

test('the director sees "Seen" appear when the coach reads the message', async ({ page, baseURL, shot }) => {
  const director = await ChatClient.connect(baseURL as string, DEMO.director);
  const directorId = (await director.me()).id;
  director.close();
  const coach = await ChatClient.connect(baseURL as string, DEMO.coach);
  try {
    const roomId = await coach.directRoomWith(directorId);
    await signIn(page, DEMO.director, `/messages/?tab=COACHES&roomId=${roomId}`);

    // Other journeys share this room: the message is told apart by its own words.
    const text = `Receipt check ${randomUUID().slice(0, 8)}: bus at 4`;
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(text);
    await composer.press('Enter');
    const bubble = page.locator('[data-message-id]').filter({ hasText: text });
    await expect(bubble.getByRole('button', { name: 'Message actions' })).toBeVisible();
    const id = Number(await bubble.getAttribute('data-message-id'));
    const receipt = page.locator(`[data-message-id="${id}"] + [data-testid="read-receipt"]`);
    await expect(receipt).toHaveCount(0);

    // The coach opens the conversation (the apps mark it read): the director hears it live.
    await coach.api('POST', `/chat/rooms/${roomId}/read`);
    await expect(receipt).toHaveText('Seen', { timeout: 15_000 });
    await shot('read-receipt-seen');

    // On load too, and legible in the dark theme.
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await page.reload();
    await expect(page.locator(`[data-message-id="${id}"] + [data-testid="read-receipt"]`)).toHaveText('Seen', {
      timeout: 15_000,
    });
    await expectAccessible(page, 'the read receipt (dark)');
    await shot('read-receipt-seen-dark');
  } finally {
    coach.close();
  }
});
