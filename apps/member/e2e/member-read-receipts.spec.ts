import type { MyProfile } from '@fieldhouse/shared';
import { api, DEMO, expect, expectAccessible, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

/**
 * Read receipts in the member app (decision 023): the coach writes to the school's administrator
 * from the phone; when the administrator reads it, "Seen" appears under the coach's message live.
 */
test.use(PHONE);

test('the coach sees "Seen" appear under their message when the administrator reads it', async ({
  page,
  baseURL,
  shot,
}) => {
  const base = baseURL as string;
  // Other journeys share this room: the message is told apart by its own suffix.
  const suffix = Date.now().toString(36);
  const coachId = (await api<MyProfile>(base, MEMBERS.coach, 'GET', '/me/profile')).id;
  const room = await api<{ id: number }>(base, DEMO.admin, 'POST', '/chat/rooms/direct', { userId: coachId });

  await signInMember(page, MEMBERS.coach, `/m/chats/${room.id}`);
  const text = `Gym keys are at the front desk ${suffix}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByTestId('message').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
  // The message is new, so a receipt under it can only have come live. Nothing is asserted before
  // the read: another journey's administrator may have this room open and read it first.
  const receipt = page.locator(`[data-testid="message"]:has-text("${text}") + [data-testid="read-receipt"]`);

  await api(base, DEMO.admin, 'POST', `/chat/rooms/${room.id}/read`);
  await expect(receipt).toHaveText('Seen', { timeout: 15_000 });
  await expectAccessible(page, 'a read receipt (phone)');
  await shot('member-read-receipt');
});
