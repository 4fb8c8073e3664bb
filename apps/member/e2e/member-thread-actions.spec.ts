import { type ChatMessage, type PollUpdate, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { ChatClient } from '../../web/e2e/chat-client.ts';
import { directorWithCoach, expect, expectAccessible, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

/**
 * Issue 18's thread actions on a phone: the coach sees the director online, votes in the
 * director's poll and changes the vote, replies to a message, edits and then unsends their own
 * answer; the director (a socket client, as another device would be) hears each change.
 * The super admin is the other side: other journeys change the director's password.
 */

/** Resolves with the first `event` payload on `client`'s socket that `match` accepts. */
function next<T>(client: ChatClient, event: string, match: (payload: T) => boolean) {
  return new Promise<T>((resolve) => {
    const listener = (payload: T) => {
      if (!match(payload)) return;
      client.socket.off(event, listener);
      resolve(payload);
    };
    client.socket.on(event, listener);
  });
}

test.use(PHONE);

test('the coach votes, replies, edits and unsends on the phone; the director hears every change', async ({
  page,
  baseURL,
}) => {
  const base = baseURL as string;
  const suffix = Date.now().toString(36);
  const { director, roomId, coachId } = await directorWithCoach(base);
  try {
    const original = await director.send(roomId, `Bus leaves at 3:15 ${suffix}`);
    const question = `Which warm-up kit on Friday? ${suffix}`;
    await director.request(SOCKET_EVENTS.pollCreate, { roomId, question, options: ['Red', 'Blue'] });

    await signInMember(page, MEMBERS.coach, `/m/chats/${roomId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log).toContainText(`Bus leaves at 3:15 ${suffix}`);
    // The director's socket is connected: the header says so.
    await expect(page.getByTestId('presence')).toHaveText('Online');

    // The poll: vote, then change the vote; the director hears the tallies.
    const poll = log.getByRole('group', { name: `Poll: ${question}` });
    const firstVote = next<PollUpdate>(director, SOCKET_EVENTS.pollUpdate, (u) =>
      u.poll.options.some((o) => o.text === 'Red' && o.voterIds.includes(coachId)),
    );
    await poll.getByRole('button', { name: /^Red\W+0 votes\b/ }).click();
    await expect(poll.getByRole('button', { name: /^Red\W+1 vote\b/ })).toHaveAttribute('aria-pressed', 'true');
    await firstVote;
    const changed = next<PollUpdate>(director, SOCKET_EVENTS.pollUpdate, (u) =>
      u.poll.options.some((o) => o.text === 'Blue' && o.voterIds.includes(coachId)),
    );
    await poll.getByRole('button', { name: /^Blue\W+0 votes\b/ }).click();
    await expect(poll.getByRole('button', { name: /^Blue\W+1 vote\b/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(poll.getByRole('button', { name: /^Red\W+0 votes\b/ })).toHaveAttribute('aria-pressed', 'false');
    expect((await changed).poll.options.find((o) => o.text === 'Red')?.votes).toBe(0);

    // Someone else's message offers Reply only (a 44 px "Message actions" button); the reply carries its quote.
    const theirs = log.getByTestId('message').filter({ hasText: `Bus leaves at 3:15 ${suffix}` });
    // A long press (a touch held still) opens the same menu; Escape closes it.
    const bubble = theirs.getByText(`Bus leaves at 3:15 ${suffix}`, { exact: true });
    await bubble.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, bubbles: true });
    await expect(page.getByRole('menuitem', { name: 'Reply' })).toBeVisible();
    await bubble.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true, bubbles: true });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Reply' })).toHaveCount(0);
    const theirMore = theirs.getByRole('button', { name: 'Message actions' });
    expect((await theirMore.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await theirMore.click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Reply' }).click();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeFocused();
    await expect(page.getByRole('group', { name: 'Replying to' })).toContainText(`Bus leaves at 3:15 ${suffix}`);
    const replied = next<ChatMessage>(
      director,
      SOCKET_EVENTS.chatMessageReceived,
      (m) => m.replyTo?.id === original.id,
    );
    await composer.fill(`On my way ${suffix}`);
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = await replied;
    expect(reply.content).toBe(`On my way ${suffix}`);
    const mine = log.locator(`[data-message-id="${reply.id}"]`);
    await expect(mine).toContainText(`Bus leaves at 3:15 ${suffix}`);
    await expect(page.getByRole('group', { name: 'Replying to' })).toHaveCount(0);

    // Edit one's own message: the menu opens with a right click (a long press on a phone).
    await mine.getByText(`On my way ${suffix}`, { exact: true }).click({ button: 'right' });
    const edited = next<ChatMessage>(director, SOCKET_EVENTS.messageUpdated, (m) => m.id === reply.id && !m.unsent);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Edit message' }).fill(`On my way, 5 minutes late ${suffix}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(mine).toContainText(`On my way, 5 minutes late ${suffix}`);
    await expect(mine).toContainText('Edited');
    expect(await edited).toMatchObject({
      content: `On my way, 5 minutes late ${suffix}`,
      editedAt: expect.any(String),
    });
    await expectAccessible(page, 'thread actions (phone)');

    // Unsend from the keyboard: More, Enter, the menu, then the confirmation.
    const unsent = next<ChatMessage>(director, SOCKET_EVENTS.messageUpdated, (m) => m.id === reply.id && m.unsent);
    await mine.getByRole('button', { name: 'Message actions' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Unsend' }).click();
    await page.getByRole('dialog', { name: 'Unsend this message?' }).getByRole('button', { name: 'Unsend' }).click();
    await expect(mine).toContainText('Message unsent');
    await expect(mine).not.toContainText('5 minutes late');
    await expect(mine.getByRole('button', { name: 'Message actions' })).toHaveCount(0);
    expect(await unsent).toMatchObject({ unsent: true, content: '' });

    // The director's history agrees after a reload.
    const history = await director.api<{ messages: ChatMessage[] }>('GET', `/chat/rooms/${roomId}/messages`);
    expect(history.messages.find((m) => m.id === reply.id)).toMatchObject({ unsent: true });
  } finally {
    director.close();
  }
});
