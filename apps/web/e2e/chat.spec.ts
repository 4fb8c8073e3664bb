import { SOCKET_EVENTS } from '@fieldhouse/shared';
import { ChatClient, loseFirstAnswer, talkToAdmin } from './chat-client.ts';
import { fileChoosers, noisePng, sparseFile } from './files.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn, submitSignIn } from './helpers.ts';
import { OwnServer } from './own-server.ts';

test.describe.configure({ mode: 'serial' });

test('a coach’s message arrives live, unread badges move, and the director replies', async ({
  page,
  shot,
  baseURL,
}) => {
  const { client: coach, roomId } = await talkToAdmin(baseURL as string, DEMO.coach);
  try {
    await signIn(page, DEMO.admin, '/messages/');
    const list = page.getByRole('list', { name: 'Coaches conversations' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await shot('messages-list');

    // Not open: the message raises the tab's unread count and moves the room to the top.
    const before = await page.getByRole('tab', { name: /Coaches/ }).innerText();
    const bus = await coach.send(roomId, 'Bus leaves at 3:15 for the away game.');
    await expect(list.getByRole('listitem').first()).toContainText('Bus leaves at 3:15');
    await expect(page.getByRole('tab', { name: /Coaches/ })).not.toHaveText(before);
    await expect(page.getByText(/New message from/)).toBeVisible();

    await list.getByRole('listitem').first().getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`roomId=${roomId}`));
    await expect(page.getByTestId('message-list')).toContainText('Bus leaves at 3:15');

    // Open: typing shows, a live message lands in the thread, the reply reaches the coach.
    await coach.request(SOCKET_EVENTS.typingStart, { roomId });
    await expect(page.getByTestId('typing-indicator')).toContainText('is typing…');
    await coach.send(roomId, 'Can you confirm the bus?');
    await expect(page.getByTestId('typing-indicator')).toHaveText('');
    await expect(page.getByTestId('message-list')).toContainText('Can you confirm the bus?');

    const received = new Promise<{ content: string }>((resolve) =>
      coach.socket.on(SOCKET_EVENTS.chatMessageReceived, (m: { content: string }) => {
        if (m.content.startsWith('Confirmed')) resolve(m);
      }),
    );
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Confirmed — bus at 3:15.');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Drivers have the route.');
    await composer.press('Enter');
    expect((await received).content).toBe('Confirmed — bus at 3:15.\nDrivers have the route.');
    await expect(page.getByTestId('message-list')).toContainText('Drivers have the route.');
    await expect(composer).toHaveValue('');
    await shot('messages-thread');

    // Presence: the coach's page goes hidden → away.
    await expect(page.getByTestId('thread-presence')).toHaveText('Online');
    await coach.presence('away');
    await expect(page.getByTestId('thread-presence')).toHaveText('Away');
    await coach.presence('online');
    await expect(page.getByTestId('thread-presence')).toHaveText('Online');

    // A deep link to a message loads around it and highlights it.
    await page.goto(`/messages/?tab=COACHES&roomId=${roomId}&messageId=${bus.id}`);
    const linked = page.locator(`[data-message-id="${bus.id}"]`);
    await expect(linked).toHaveAttribute('data-highlighted', 'true');
    await expect(linked).toBeInViewport();
  } finally {
    coach.close();
  }
});

test('a 3 MB photo uploads with a progress bar and renders; a 101 MB file is refused', async ({
  page,
  shot,
  baseURL,
}) => {
  const { client: coach, roomId } = await talkToAdmin(baseURL as string, DEMO.coach);
  const choosers = fileChoosers(page);
  try {
    await signIn(page, DEMO.admin, `/messages/?tab=COACHES&roomId=${roomId}`);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');

    // Oversize: refused with the exact toast, nothing queued.
    const giant = sparseFile('fieldhouse-e2e-season-video.mp4', 101 * 1024 * 1024);
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await choosers.next()).setFiles(giant);
    await expect(page.getByText('File(s) too large. Maximum size is 100MB')).toBeVisible();
    await expect(page.getByLabel('Files to send')).toHaveCount(0);

    // A 3 MB photo: staged, sent with a caption, progress shown, then rendered from the server.
    const photo = noisePng(1000);
    const seen = new Promise<{ media: { mimeType: string; size: number }[] }>((resolve) =>
      coach.socket.on(SOCKET_EVENTS.chatMessageReceived, (m: { media: { mimeType: string; size: number }[] }) => {
        if (m.media.length) resolve(m);
      }),
    );
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await choosers.next()).setFiles(photo);
    await expect(page.getByLabel('Files to send')).toContainText('fieldhouse-e2e-team-photo-1000.png');
    await page.getByRole('textbox', { name: 'Message' }).fill('Team photo from Saturday');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('upload-progress')).toBeVisible();
    const message = await seen;
    expect(message.media[0]?.mimeType).toBe('image/png');
    expect(message.media[0]?.size).toBeGreaterThan(3_000_000);
    const image = page.getByTestId('message-list').getByRole('img', { name: 'fieldhouse-e2e-team-photo-1000.png' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1000);
    await expect(page.getByTestId('upload-progress')).toHaveCount(0);
    await shot('messages-upload');

    // A link to the message after the photo keeps it in view while the photo, slow to arrive, is
    // drawn above it (the list's own scroll anchoring is off, for its bottom-sticking).
    const thanks = await coach.send(roomId, 'Great shot, thanks!');
    await coach.send(roomId, 'Can you share it with the boosters?');
    await coach.send(roomId, 'They asked for the full set.\nThe yearbook too.');
    await page.route('**/api/chat/attachments/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    await page.goto(`/messages/?tab=COACHES&roomId=${roomId}&messageId=${thanks.id}`);
    const linked = page.locator(`[data-message-id="${thanks.id}"]`);
    await expect(linked).toHaveAttribute('data-highlighted', 'true');
    await expect
      .poll(() => image.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1000);
    await expect(linked).toBeInViewport({ ratio: 1 });
  } finally {
    coach.close();
  }
});

test.describe('when the server goes away', () => {
  test.use({ allowedConsoleErrors: /ERR_CONNECTION_REFUSED|WebSocket connection to .* failed/ });

  test('the connection is lost and regained, and a message written meanwhile arrives once', async ({ page, shot }) => {
    test.setTimeout(180_000);
    const server = new OwnServer(Number(process.env.E2E_PORT ?? 4517) + 14);
    await server.start();
    const coach = await ChatClient.connect(server.url, DEMO.coach);
    const adminId = (await (await ChatClient.connect(server.url, DEMO.admin)).me()).id;
    const roomId = await coach.directRoomWith(adminId);
    coach.close();
    try {
      await page.goto(`${server.url}/auth/sign-in?redirect=${encodeURIComponent(`/messages/?roomId=${roomId}`)}`);
      await submitSignIn(page, DEMO.admin);
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {
        timeout: 15_000,
      });
      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill('Before the outage');
      await composer.press('Enter');
      await expect(page.getByTestId('message-list')).toContainText('Before the outage');
      // Stored and acknowledged before the server goes: only the next message waits.
      await expect(page.locator('[data-pending-id]')).toHaveCount(0, { timeout: 15_000 });

      await server.kill();
      await expect(page.getByText('Connection lost. Attempting to reconnect...')).toBeVisible();
      await composer.fill('Written during the outage');
      await composer.press('Enter');
      await expect(page.locator('[data-pending-id]')).toContainText('Sending…');
      await shot('messages-reconnecting');

      await server.start();
      await expect(page.getByText('Reconnected successfully!')).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('[data-pending-id]')).toHaveCount(0, { timeout: 15_000 });
      const list = page.getByTestId('message-list');
      await expect(list.getByText('Written during the outage')).toHaveCount(1);

      // The server's own record: each message stored exactly once.
      const admin = await ChatClient.connect(server.url, DEMO.admin);
      const { messages } = await admin.api<{ messages: { content: string }[] }>(
        'GET',
        `/chat/rooms/${roomId}/messages`,
      );
      admin.close();
      expect(messages.filter((m) => m.content === 'Written during the outage')).toHaveLength(1);
      expect(messages.filter((m) => m.content === 'Before the outage')).toHaveLength(1);
    } finally {
      await server.kill();
    }
  });
});

test('a team’s chat opens in the same thread, and the director posts to the whole team', async ({
  page,
  shot,
  baseURL,
}) => {
  const admin = await ChatClient.connect(baseURL as string, DEMO.admin);
  const teams = await admin.api<{ id: number; name: string }[]>('GET', '/teams/list-organization-teams');
  admin.close();
  const team = teams[0];
  if (!team) throw new Error('the demo has no teams');
  await signIn(page, DEMO.admin, `/teams/${team.id}/chats`);
  await expect(page.getByRole('heading', { name: 'Team chats' })).toBeVisible();
  await expect(page.getByTestId('thread-title')).toHaveText(team.name);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Team meeting after practice today, 5:15 in the film room.');
  await composer.press('Enter');
  await expect(page.getByTestId('message-list')).toContainText('Team meeting after practice today');
  await shot('team-chats');
});

test('the director asks the coach a question with a poll, and sees the vote arrive', async ({
  page,
  shot,
  baseURL,
}) => {
  const { client: coach, roomId } = await talkToAdmin(baseURL as string, DEMO.coach);
  try {
    await signIn(page, DEMO.admin, `/messages/?tab=COACHES&roomId=${roomId}`);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
    await page.getByRole('button', { name: 'Create a poll' }).click();
    const form = page.getByRole('dialog', { name: 'Create a poll' });
    // Posting without options says what is missing.
    await form.getByRole('textbox', { name: 'Question' }).fill('Which bus for Saturday?');
    await form.getByRole('button', { name: 'Post poll' }).click();
    await expect(form).toContainText('Give at least two options');
    await form.getByRole('textbox', { name: 'Option 1' }).fill('7:00 from the gym');
    await expect(form).not.toContainText('Give at least two options');
    await form.getByRole('textbox', { name: 'Option 2' }).fill('7:30 from the lot');
    await form.getByRole('button', { name: 'Add option' }).click();
    await form.getByRole('textbox', { name: 'Option 3' }).fill('Parents drive');
    await shot('poll-form');

    const asked = new Promise<{ id: number; poll: { id: number; options: { id: number; text: string }[] } }>(
      (resolve) =>
        coach.socket.on(
          SOCKET_EVENTS.chatMessageReceived,
          (m: { id: number; poll: { id: number; options: { id: number; text: string }[] } | null }) => {
            if (m.poll) resolve(m as never);
          },
        ),
    );
    await form.getByRole('button', { name: 'Post poll' }).click();
    await expect(form).toBeHidden();
    const { poll } = await asked;
    expect(poll.options.map((o) => o.text)).toEqual(['7:00 from the gym', '7:30 from the lot', 'Parents drive']);
    await expect(page.getByRole('button', { name: /^Parents drive, 0 votes/ })).toBeVisible();

    // The coach votes from their own app; the director's tally moves live.
    await coach.request(SOCKET_EVENTS.pollVote, {
      pollId: poll.id,
      optionIds: [poll.options.find((o) => o.text === 'Parents drive')?.id],
    });
    await expect(page.getByRole('progressbar', { name: 'Parents drive: 1 vote, 100%' })).toBeVisible();
    await shot('poll-voted');
  } finally {
    coach.close();
  }
});

test('a message whose answer is lost shows once while it goes again, then as sent', async ({ page, shot, baseURL }) => {
  test.setTimeout(60_000);
  const { client: coach, roomId } = await talkToAdmin(baseURL as string, DEMO.coach);
  const text = `Gym doors open at 6:40 (${Date.now()}).`;
  const seen = await loseFirstAnswer(page, text);
  try {
    await signIn(page, DEMO.admin, `/messages/?tab=COACHES&roomId=${roomId}`);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
    const heardByCoach = new Promise<{ id: number }[]>((resolve) => {
      const copies: { id: number }[] = [];
      coach.socket.on(SOCKET_EVENTS.chatMessageReceived, (m: { id: number; content: string }) => {
        if (m.content === text) copies.push(m);
        if (copies.length === 2) resolve(copies);
      });
    });
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(text);
    await composer.press('Enter');

    // Stored, and delivered back to the director's own page, but its answer was lost: one
    // bubble, still sending, not the stored copy beside it.
    await expect.poll(() => seen.ownCopyHeard).toBe(true);
    await expect.poll(() => seen.answerLost).toBe(true);
    const thread = page.getByTestId('message-list');
    await expect(thread.locator('[data-pending-id]', { hasText: text })).toContainText('Sending…');
    await expect(thread.getByText(text)).toHaveCount(1);
    await shot('message-answer-lost');

    // The outbox sends it again under the same id (after the 10 s timeout and 3 s): the server
    // answers with the stored message, and the thread shows it once, as sent.
    await expect(thread.locator('[data-pending-id]')).toHaveCount(0, { timeout: 20_000 });
    await expect(thread.locator('[data-message-id]', { hasText: text })).toHaveCount(1);
    await expect(thread.getByText(text)).toHaveCount(1);
    // The coach heard the message and its redelivery: the same stored message both times.
    const copies = await heardByCoach;
    expect(copies[1]?.id).toBe(copies[0]?.id);
  } finally {
    coach.close();
  }
});
