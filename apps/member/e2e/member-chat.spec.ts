import type { MyProfile } from '@fieldhouse/shared';
import { GUARDIANS_INCLUDED_NOTE } from '@fieldhouse/shared';
import type { Browser, Page } from '@playwright/test';
import { loseFirstAnswer } from '../../web/e2e/chat-client.ts';
import { noisePng } from '../../web/e2e/files.ts';
import { signIn } from '../../web/e2e/helpers.ts';
import { api, DEMO, DESKTOP, expect, expectAccessible, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

/**
 * Issue 18's conversations, across the two apps in two browsers: the director writes in the admin
 * app, the coach reads and answers with a photo in the member app on a phone, live both ways; a
 * coach starts a conversation with a minor athlete, whose guardian is in it and reads both sides.
 */

// Two or three browsers signed in per journey: ~20 s on a quiet machine, past 30 s on a slow one.
test.describe.configure({ timeout: 60_000 });

const id = async (baseURL: string, email: string) => (await api<MyProfile>(baseURL, email, 'GET', '/me/profile')).id;

/** A second signed-in person in their own browser context (the fixture's page is the first). */
async function secondBrowser(browser: Browser, options: object): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test.describe('at phone size', () => {
  test.use(PHONE);

  test('the director writes, the coach sees it live on the phone and answers with a photo, live back', async ({
    page,
    browser,
    baseURL,
    shot,
  }) => {
    const base = baseURL as string;
    const suffix = Date.now().toString(36);
    const coachId = await id(base, MEMBERS.coach);
    const room = await api<{ id: number }>(base, DEMO.admin, 'POST', '/chat/rooms/direct', { userId: coachId });

    await signInMember(page, MEMBERS.coach, '/m/chats');
    await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();

    const director = await secondBrowser(browser, DESKTOP);
    try {
      await signIn(director, DEMO.admin, `/messages/?tab=COACHES&roomId=${room.id}`);
      const directorComposer = director.getByRole('textbox', { name: 'Message' });
      await directorComposer.fill(`Can you run the gym walkthrough on Friday? ${suffix}`);
      await directorComposer.press('Enter');

      // Live on the list: the row moves up with the text and an unread count; the tab shows it.
      const row = page.getByRole('link', { name: /unread/ }).filter({ hasText: suffix });
      await expect(row).toBeVisible();
      await expect(page.getByRole('link', { name: /^Chats\W+\d+ unread$/ })).toBeVisible();
      await expectAccessible(page, 'chats (phone)');
      await shot('member-chats');

      await row.click();
      const log = page.getByRole('log', { name: 'Messages' });
      await expect(log).toContainText(`gym walkthrough on Friday? ${suffix}`);
      // Read: the tab's badge goes once the server has the room read.
      await expect(page.getByRole('link', { name: 'Chats', exact: true })).toBeVisible();

      // Typing reaches the phone; then the answer with a photo.
      await directorComposer.pressSequentially('Also');
      await expect(page.getByText(/is typing…/)).toBeVisible();
      await directorComposer.fill('');

      await page.locator('input[type="file"]').setInputFiles(noisePng(400));
      await expect(
        page.getByRole('group', { name: 'Files to send' }).or(page.getByLabel('Files to send')),
      ).toBeVisible();
      await page.getByRole('textbox', { name: 'Message' }).fill(`Yes — here is the court now ${suffix}`);
      await page.getByRole('button', { name: 'Send' }).click();
      // Earlier journeys may have left photos in this room: this answer's own bubble holds the photo.
      const answer = log.getByTestId('message').filter({ hasText: `here is the court now ${suffix}` });
      await expect(answer.getByRole('img', { name: /fieldhouse-e2e-team-photo/ })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('pending-message')).toHaveCount(0);
      await expectAccessible(page, 'a thread (phone)');
      // As the phone shows it: scrolled to the newest message, the composer above the tabs.
      await page.screenshot({ path: 'e2e/.screenshots/member-thread.png' });

      const directorList = director.getByTestId('message-list');
      await expect(directorList).toContainText(`here is the court now ${suffix}`);
      await expect(
        directorList
          .locator('[data-message-id]')
          .filter({ hasText: `here is the court now ${suffix}` })
          .getByRole('img', { name: /fieldhouse-e2e-team-photo/ }),
      ).toBeVisible();
    } finally {
      await director.context().close();
    }
  });

  test('a coach starts a conversation with a minor athlete: the guardian is in it and reads both sides', async ({
    page,
    browser,
    baseURL,
    shot,
  }) => {
    const base = baseURL as string;
    const suffix = Date.now().toString(36);
    const athlete = await api<MyProfile>(base, MEMBERS.athlete, 'GET', '/me/profile');
    const athleteName = `${athlete.firstName} ${athlete.lastName}`;

    await signInMember(page, MEMBERS.coach, '/m/chats');
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'New conversation', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search people' }).fill(athlete.firstName);
    const contact = page.getByRole('button', { name: new RegExp(`conversation with ${athleteName}`) });
    await expect(contact).toBeVisible();
    await expect(contact).toContainText(GUARDIANS_INCLUDED_NOTE);
    await expectAccessible(page, 'new conversation (phone)');
    await shot('member-new-conversation');
    await contact.click();

    await expect(page.getByRole('heading', { name: athleteName, level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: GUARDIANS_INCLUDED_NOTE })).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill(`Great effort at practice today ${suffix}`);
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log).toContainText(`Great effort at practice today ${suffix}`);
    const roomId = Number(new URL(page.url()).pathname.split('/').at(-1));

    // The athlete answers from their own phone; the guardian reads both in the member app.
    await api(base, MEMBERS.athlete, 'GET', `/chat/rooms/${roomId}`);
    const guardian = await secondBrowser(browser, PHONE);
    try {
      await signInMember(guardian, MEMBERS.parent);
      const athletePage = await secondBrowser(browser, PHONE);
      try {
        await signInMember(athletePage, MEMBERS.athlete, `/m/chats/${roomId}`);
        await athletePage.getByRole('textbox', { name: 'Message' }).fill(`Thanks coach ${suffix}`);
        await athletePage.getByRole('button', { name: 'Send' }).click();
        await expect(log).toContainText(`Thanks coach ${suffix}`);
      } finally {
        await athletePage.context().close();
      }
      // Live on the guardian's Home, among the unread conversations.
      const row = guardian
        .getByRole('list', { name: 'Unread conversations' })
        .getByRole('link')
        .filter({ hasText: `Thanks coach ${suffix}` });
      await expect(row).toBeVisible();
      await expect(row).toContainText('You read along as a guardian');
      await expectAccessible(guardian, 'a guardian’s Home with an unread conversation (phone)');
      await guardian.screenshot({ path: 'e2e/.screenshots/member-home-unread.png', fullPage: true });
      await row.click();
      const guardianLog = guardian.getByRole('log', { name: 'Messages' });
      await expect(guardianLog).toContainText(`Great effort at practice today ${suffix}`);
      await expect(guardianLog).toContainText(`Thanks coach ${suffix}`);
      await expect(guardian.getByRole('link', { name: 'Chats', exact: true })).toBeVisible();
      await expectAccessible(guardian, 'a guardian reading their child’s conversation (phone)');
      await guardian.screenshot({ path: 'e2e/.screenshots/member-guardian-thread.png', fullPage: true });
    } finally {
      await guardian.context().close();
    }
  });

  test('on a network that loses the answer to a send, the message shows once while it goes again', async ({
    page,
    baseURL,
    shot,
  }) => {
    const base = baseURL as string;
    const text = `Running 10 minutes late to the field (${Date.now().toString(36)}).`;
    const coachId = await id(base, MEMBERS.coach);
    const room = await api<{ id: number }>(base, DEMO.admin, 'POST', '/chat/rooms/direct', { userId: coachId });
    const seen = await loseFirstAnswer(page, text);

    await signInMember(page, MEMBERS.coach, `/m/chats/${room.id}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();

    // Stored and heard back on the phone, its answer lost: one bubble, still sending.
    await expect.poll(() => seen.ownCopyHeard).toBe(true);
    await expect.poll(() => seen.answerLost).toBe(true);
    await expect(log.getByTestId('pending-message').filter({ hasText: text })).toContainText('Sending…');
    await expect(log.getByText(text)).toHaveCount(1);
    await shot('member-answer-lost');

    // Sent again under the same id after the timeout: once, as sent.
    await expect(log.getByTestId('pending-message')).toHaveCount(0, { timeout: 20_000 });
    await expect(log.getByTestId('message').filter({ hasText: text })).toHaveCount(1);
    await expect(log.getByText(text)).toHaveCount(1);
  });
});

test.describe('at desktop size', () => {
  test.use(DESKTOP);

  test('the conversation list and a thread read well on a wide screen, in dark mode too', async ({ page, shot }) => {
    await signInMember(page, MEMBERS.parent, '/m/chats');
    await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Conversations' }).or(page.getByText('No conversations yet')),
    ).toBeVisible();
    await expectAccessible(page, 'chats (desktop)');
    await shot('member-chats-desktop');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'New conversation', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Coaches' })).toBeVisible();
    await expectAccessible(page, 'new conversation (desktop, dark)');
    await shot('member-new-conversation-dark');
  });
});
