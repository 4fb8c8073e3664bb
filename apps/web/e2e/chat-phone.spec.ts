import AxeBuilder from '@axe-core/playwright';
import { SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Locator, Page } from '@playwright/test';
import { smallTargets } from './axe.ts';
import { talkToAdmin } from './chat-client.ts';
import { fileChoosers, noisePng } from './files.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/** Issue 17 on the Messages screen: a phone's list ↔ thread, toasts clear of the composer, keyboard only. */

test.describe.configure({ mode: 'serial' });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** How far the page is wider than the screen (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not laid out`);
  return found;
}

/** WCAG 2.2 AA violations axe finds in the page's main region, one line each. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the list opens a thread in its place, Back returns, and toasts stay clear of the composer', async ({
    page,
    shot,
    baseURL,
  }) => {
    const { client: coach, roomId } = await talkToAdmin(baseURL as string, DEMO.coach);
    const { client: director, roomId: directorRoom } = await talkToAdmin(baseURL as string, DEMO.director);
    try {
      await coach.send(roomId, 'Phone check: are the buses booked for Friday?');
      await signIn(page, DEMO.admin, '/messages/');
      const list = page.getByRole('list', { name: 'Coaches conversations' });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      expect(await overflow(page)).toBe(0);

      // Every tab shows its label and its count whole, inside the tab, even at "99+" (measured in one go).
      await page.route('**/api/chat/tabs', async (route) => {
        const { data } = (await (await route.fetch()).json()) as { data: { count: number }[] };
        await route.fulfill({ json: { data: data.map((tab) => ({ ...tab, count: 120 })) } });
      });
      await page.reload();
      await expect(page.getByRole('tab', { name: /Guardians/ })).toContainText('99+');
      const clipped = await page.getByRole('tablist').evaluate((tablist) =>
        [...tablist.querySelectorAll('[role="tab"]')].flatMap((tab) => {
          const outer = tab.getBoundingClientRect();
          return [...tab.querySelectorAll('*')]
            .filter((part) => {
              const inner = part.getBoundingClientRect();
              const cut = part.scrollWidth > part.clientWidth + 1; // text ellipsised inside its box
              return inner.width > 0 && (cut || inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5);
            })
            .map((part) => `${tab.textContent}: ${part.className}`);
        }),
      );
      expect(clipped).toEqual([]);
      expect(await overflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot('phone-messages-list');

      // The list gives way to the thread.
      await list.getByRole('listitem').filter({ hasText: 'Phone check' }).getByRole('button').click();
      await expect(page).toHaveURL(new RegExp(`roomId=${roomId}`));
      await expect(page.getByTestId('message-list')).toContainText('Phone check');
      await expect(list).toBeHidden();
      const back = page.getByRole('button', { name: 'Back to conversations' });
      await expect(back).toBeVisible();
      await expect(back).toHaveText('Back');
      // The page keeps one h1 with the list gone; the person is the thread's h2.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeAttached();
      const coachName = (await coach.me()).firstName;
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(coachName) })).toBeVisible();
      expect(await overflow(page)).toBe(0);

      // Composer buttons are finger-sized.
      for (const name of ['Back to conversations', 'Attach files', 'Create a poll', 'Send']) {
        const target = await box(page.getByRole('button', { name, exact: true }));
        expect(target.height, name).toBeGreaterThanOrEqual(44);
        expect(target.width, name).toBeGreaterThanOrEqual(44);
      }

      // A message from someone else raises a toast; it never covers where one writes.
      await director.send(directorRoom, 'Budget meeting moved to 4 pm.');
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: /New message from/ });
      await expect(toast).toBeVisible();
      await expect(toast).toBeInViewport();
      const composer = page.getByTestId('composer');
      expect(overlaps(await box(toast), await box(composer))).toBe(false);
      expect(overlaps(await box(toast), await box(page.getByRole('button', { name: 'Send' })))).toBe(false);
      expect(await overflow(page)).toBe(0);
      await shot('phone-messages-thread-toast');
      // A second room writes: its toast goes in front, the first waits behind drawn at 95 %. Nothing
      // in the stack may be a target under 44 px (a scaled "Open" measured 41.8).
      const { client: other, roomId: otherRoom } = await talkToAdmin(baseURL as string, DEMO.administrator);
      try {
        await other.send(otherRoom, 'Gym floor is being waxed tonight.');
        await expect(page.locator('[data-sonner-toast][data-front="false"]')).toHaveCount(1);
        await page.waitForTimeout(500); // sonner's stacking transition
        expect(await smallTargets(page)).toEqual([]);
      } finally {
        other.close();
      }
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 12_000 });
      expect(await axeViolations(page)).toEqual([]);
      await shot('phone-messages-thread');

      // Back (here by keyboard): the list again, nothing open, focus on the conversation just left.
      await back.focus();
      await page.keyboard.press('Enter');
      await expect(list).toBeVisible();
      await expect(list.getByRole('listitem').filter({ hasText: 'Phone check' }).getByRole('button')).toBeFocused();
      await expect(page).not.toHaveURL(/roomId=/);
      await expect(page.getByTestId('message-list')).toHaveCount(0);
      expect(await overflow(page)).toBe(0);

      // The bell's list of notifications opens on screen, not half off it.
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const dropdown = page.getByRole('dialog');
      await expect(dropdown).toBeVisible();
      const drop = await box(dropdown);
      expect(drop.x).toBeGreaterThanOrEqual(0);
      expect(drop.x + drop.width).toBeLessThanOrEqual(390);
      expect(await overflow(page)).toBe(0);
      await shot('phone-notifications');
    } finally {
      coach.close();
      director.close();
    }
  });
});

test('by keyboard alone: open a conversation, send a message and a file, vote in a poll', async ({
  page,
  shot,
  baseURL,
}) => {
  const { client: coach, roomId } = await talkToAdmin(baseURL as string, DEMO.coach);
  const coachName = (await coach.me()).firstName;
  const choosers = fileChoosers(page);
  try {
    await coach.send(roomId, 'Keyboard check: can you see this?');
    await signIn(page, DEMO.admin, '/messages/?tab=COACHES');
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
    const list = page.getByRole('list', { name: 'Coaches conversations' });
    await expect(list.getByRole('listitem').first()).toContainText('Keyboard check');

    // Tab from the search box to the conversation, Enter opens it and puts the cursor in the composer.
    await page.getByRole('textbox', { name: 'Search conversations' }).focus();
    const conversation = list.getByRole('listitem').filter({ hasText: 'Keyboard check' }).getByRole('button');
    for (let i = 0; i < 10 && !(await conversation.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(conversation).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`roomId=${roomId}`));
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeFocused();

    const received = (test: (m: { content: string; media: unknown[] }) => boolean) =>
      new Promise<{ content: string; media: { mimeType: string }[] }>((resolve) =>
        coach.socket.on(SOCKET_EVENTS.chatMessageReceived, (m: { content: string; media: { mimeType: string }[] }) => {
          if (test(m)) resolve(m);
        }),
      );
    const text = received((m) => m.content === 'Typed without a mouse.');
    await page.keyboard.type('Typed without a mouse.');
    await page.keyboard.press('Enter');
    await text;
    await expect(page.getByTestId('message-list')).toContainText('Typed without a mouse.');

    // The attach button, reached with Shift+Tab, opens the file chooser on Enter.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Attach files' })).toBeFocused();
    await page.keyboard.press('Enter');
    await (await choosers.next()).setFiles(noisePng(200));
    await expect(page.getByLabel('Files to send')).toContainText('fieldhouse-e2e-team-photo-200.png');
    const file = received((m) => m.media.length > 0);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(composer).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await file).media[0]?.mimeType).toBe('image/png');
    await expect(page.getByLabel('Files to send')).toHaveCount(0);

    // A poll from the coach: its options are toggles on the Tab order, Space votes, focus stays.
    await coach.request(SOCKET_EVENTS.pollCreate, {
      roomId,
      question: 'Which practice time works best?',
      options: ['Early, 6:30', 'After school, 3:30'],
    });
    const option = page.getByRole('button', { name: /^After school, 3:30, 0 votes/ });
    await expect(option).toBeVisible();
    await composer.focus();
    for (let i = 0; i < 12 && !(await option.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Shift+Tab');
    await expect(option).toBeFocused();
    await page.keyboard.press('Space');
    const voted = page.getByRole('button', { name: /^After school, 3:30, 1 vote/ });
    await expect(voted).toHaveAttribute('aria-pressed', 'true');
    await expect(voted).toBeFocused();
    await expect(page.getByRole('progressbar', { name: 'After school, 3:30: 1 vote, 100%' })).toBeVisible();
    await shot('messages-keyboard-poll');

    // The thread passes axe (named progress bars, named icon buttons); new messages are a polite log.
    expect(await axeViolations(page)).toEqual([]);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log).toHaveAttribute('aria-live', 'polite');
    await coach.send(roomId, `Thanks, ${coachName} here.`);
    await expect(log).toContainText(`Thanks, ${coachName} here.`);
  } finally {
    coach.close();
  }
});
