/**
 * Issue #19 item 2 (decision 023): the director edits then unsends a message; the coach, on a
 * real socket, hears both live; supervision shows both versions and the unsent message.
 */
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { ChatClient } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** The coach in a direct room with the director, and the next `chat:message-updated` they hear. */
async function coachWithDirector(baseURL: string) {
  const director = await ChatClient.connect(baseURL, DEMO.director);
  const { id: directorId, firstName: directorName } = await director.me();
  director.close();
  const coach = await ChatClient.connect(baseURL, DEMO.coach);
  const roomId = await coach.directRoomWith(directorId);
  const coachName = (await coach.me()).firstName;
  const nextUpdate = () =>
    new Promise<ChatMessage>((resolve) => coach.socket.once(SOCKET_EVENTS.messageUpdated, resolve));
  return { coach, coachName, directorName, roomId, nextUpdate };
}

/** Sends from the composer and returns the director's bubble of it. */
async function sendFromComposer(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  const bubble = page.locator('[data-message-id]').filter({ hasText: text });
  await expect(bubble.getByRole('button', { name: 'Message actions' })).toBeVisible();
  return bubble;
}

async function editAndUnsend(
  page: Page,
  shot: (name: string) => Promise<void>,
  baseURL: string,
  tag: 'desktop' | 'phone',
) {
  const { coach, coachName, directorName, roomId, nextUpdate } = await coachWithDirector(baseURL);
  try {
    await signIn(page, DEMO.director, `/messages/?tab=COACHES&roomId=${roomId}`);
    const original = `${tag}: practice at 5:30 in Main Gym`;
    const bubble = await sendFromComposer(page, original);
    const id = Number(await bubble.getAttribute('data-message-id'));
    const mine = page.locator(`[data-message-id="${id}"]`);
    if (tag === 'phone') {
      // A thumb-sized target on a touch screen (touch.css).
      const target = await mine.getByRole('button', { name: 'Message actions' }).boundingBox();
      expect(target?.height).toBeGreaterThanOrEqual(44);
      expect(target?.width).toBeGreaterThanOrEqual(44);
    }

    // Edit with the keyboard only: the menu opens with Enter, the editor saves with Enter.
    const edited = nextUpdate();
    await mine.getByRole('button', { name: 'Message actions' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit' }).press('Enter');
    const editor = mine.getByRole('textbox', { name: 'Edit message' });
    await expect(editor).toBeFocused();
    // Escape leaves the message as it was.
    await editor.fill('thrown away');
    await editor.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(mine.getByRole('button', { name: 'Message actions' })).toBeFocused();
    await expect(mine).toContainText(original);
    await mine.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const fixed = `${tag}: practice at 7:00 in Auxiliary Gym`;
    await mine.getByRole('textbox', { name: 'Edit message' }).fill(fixed);
    await shot(`message-edit-${tag}`);
    await mine.getByRole('textbox', { name: 'Edit message' }).press('Enter');
    expect(await edited).toMatchObject({ id, content: fixed, editedAt: expect.any(String), unsent: false });
    await expect(mine).toContainText(fixed);
    await expect(mine).toContainText('Edited');

    // Unsend asks first; the coach hears the removal.
    const unsent = nextUpdate();
    await mine.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Unsend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsend this message?' });
    await expect(page.getByRole('menu')).toHaveCount(0);
    // The picture once the dialog has faded in.
    await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
    await shot(`message-unsend-confirm-${tag}`);
    await dialog.getByRole('button', { name: 'Unsend' }).click();
    expect(await unsent).toMatchObject({ id, content: '', unsent: true });
    await expect(mine).toContainText('Message unsent');
    await expect(mine).not.toContainText(fixed);
    await expect(mine.getByRole('button', { name: 'Message actions' })).toHaveCount(0);
    await shot(`message-unsent-${tag}`);

    // The coach's history agrees after a reload.
    const page1 = await coach.api<{ messages: ChatMessage[] }>('GET', `/chat/rooms/${roomId}/messages`);
    expect(page1.messages.find((m) => m.id === id)).toMatchObject({ unsent: true, content: '' });
    return { fixed, original, coachName, directorName };
  } finally {
    coach.close();
  }
}

test('the director edits then unsends a message; the coach sees both live; supervision keeps both versions', async ({
  page,
  shot,
  baseURL,
}) => {
  const { original, fixed, coachName, directorName } = await editAndUnsend(page, shot, baseURL as string, 'desktop');

  await page.goto('/admin/home/?tab=supervision');
  await page.getByLabel('Search conversations').fill('Auxiliary Gym');
  // The direct conversation of the two ("<one> & <other> direct …"): a team room's change notice
  // can mention the same gym and the same people.
  const either = `(${coachName}|${directorName})`;
  const row = page
    .getByRole('row', { name: new RegExp(`^[^&]*\\b${either}\\b[^&]* & [^&]*\\b${either}\\b[^&]* direct `) })
    .filter({ has: page.getByRole('button', { name: 'Open' }) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('button', { name: 'Open' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Safeguarding review of an unsent message');
  await dialog.getByRole('button', { name: 'Show messages' }).click();
  const archived = dialog.locator('[data-message-id]').filter({ hasText: fixed });
  await expect(archived).toContainText(`Earlier version`);
  await expect(archived).toContainText(original);
  await expect(archived).toContainText('unsent by sender');
  await expect(archived).toContainText(/edited/);
  await shot('message-controls-supervision');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the same controls fit and work', async ({ page, shot, baseURL }) => {
    await editAndUnsend(page, shot, baseURL as string, 'phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
});
