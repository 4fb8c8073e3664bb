/**
 * Issue #19 item 2 (decision 023): the director pins a message in a team room from its menu; the
 * header shows it; choosing the bar shows the message in the thread, loaded or not (by keyboard
 * too); unpinning removes it. Desktop and phone, with axe on the pinned bar.
 */
import { SOCKET_EVENTS, type TeamSummary } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { DESKTOP, expectAccessible, PHONE } from './axe.ts';
import { ChatClient } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

async function pinJourney(page: Page, baseURL: string, tag: string, skip: number) {
  const admin = await ChatClient.connect(baseURL, DEMO.admin);
  const teams = await admin.api<TeamSummary[]>('GET', '/teams/list-organization-teams');
  admin.close();
  const team = teams.filter((t) => t.status === 'ACTIVE')[skip] as TeamSummary;
  await signIn(page, DEMO.director, `/teams/${team.id}/chats`);
  // A phone shows the team's rooms first.
  if (tag === 'phone') await page.getByText('Whole team').click();
  const text = `${tag}: season schedule is on the calendar (${Date.now()})`;
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  const bubble = page.locator('[data-message-id]').filter({ hasText: text });
  await bubble.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: 'Pin' }).click();
  const bar = page.getByTestId('pinned-message');
  await expect(bar).toContainText(text);
  await expect(bar).toContainText('Pinned');
  await expectAccessible(page, `pinned message (${tag})`);

  // Loaded: the bar scrolls to the message and lights it up.
  const show = bar.getByRole('button', { name: /Show the pinned message/ });
  await show.click();
  await expect(bubble).toHaveAttribute('data-highlighted', 'true');
  await expect(bubble).toBeInViewport();

  // More than a page of history later, the pinned message is not loaded after a reload: the bar
  // opens the history around it. By keyboard, and the keyboard lands on the message.
  const director = await ChatClient.connect(baseURL, DEMO.director);
  try {
    const [room] = await director.api<{ id: number }[]>('GET', `/chat/teams/${team.id}/rooms`);
    const roomId = (room as { id: number }).id;
    await director.request(SOCKET_EVENTS.joinRoom, { roomId });
    for (let i = 1; i <= 60; i++) await director.send(roomId, `${tag}: later note ${i}`);
  } finally {
    director.close();
  }
  await page.reload();
  // The server is still notifying the team of sixty messages: give the reload time.
  const latest = page.locator('[data-message-id]').filter({ hasText: `${tag}: later note 60` });
  await expect(latest).toBeVisible({ timeout: 20_000 });
  await expect(bubble).toHaveCount(0);
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(bubble).toBeInViewport();
  await expect(bubble).toHaveAttribute('data-highlighted', 'true');
  await expect(bubble).toBeFocused();
  await page.screenshot({ path: `e2e/.screenshots/room-pins-shown-${tag}.png` });
  // Back to the newest messages; the bar still finds its message.
  await page.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(latest).toBeVisible();

  await bar.getByRole('button', { name: 'Unpin message' }).click();
  await expect(bar).toHaveCount(0);
}

test.describe('at desktop size', () => {
  test.use(DESKTOP);
  test('the director pins a message in a team room and unpins it', async ({ page, baseURL }) => {
    // Sixty messages go out over the socket to push the pinned one off the first page.
    test.setTimeout(90_000);
    await pinJourney(page, baseURL as string, 'desktop', 2);
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('the pinned bar fits and works', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await pinJourney(page, baseURL as string, 'phone', 3);
  });
});
