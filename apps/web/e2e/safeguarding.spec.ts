/**
 * Safeguarding (decision 018, issue #15): a coach opens a conversation with a 15-year-old the
 * school has no guardian for. The director names the school's safeguarding contact in
 * Admin → Safeguarding, sees the conversation there with its second adult, opens it, and the
 * room says why the second adult is in it. A conversation nobody could observe is refused with
 * the reason. Desktop and phone.
 */
import { ChatClient } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

/** Fifteen years ago today: under 18 whatever day the journey runs. */
const FIFTEEN = `${new Date().getFullYear() - 15}-03-14`;

test('a coach’s conversation with an unguarded minor gets a second adult, and the room says so', async ({
  page,
  shot,
  baseURL,
}) => {
  // Two screen sizes and the team set-up below: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  // The minor, as the directory has them: an athlete of 15 with no guardian linked.
  const director = await ChatClient.connect(baseURL as string, DEMO.director);
  const suffix = Date.now().toString(36);
  const minor = (
    await director.api<{ user: { id: number } }>('POST', '/user', {
      email: `jordan.lee.${suffix}@lincolnhigh.example`,
      firstName: 'Jordan',
      lastName: `Lee ${suffix.slice(-3).toUpperCase()}`,
      role: 'ATHLETE',
      dateOfBirth: FIFTEEN,
    })
  ).user;
  const minorName = `Jordan Lee ${suffix.slice(-3).toUpperCase()}`;
  const coach = await ChatClient.connect(baseURL as string, DEMO.coach);
  // A coach starts conversations with their own athletes only (decision 026): a new team of
  // theirs, whose room nobody opens, ties the two without another observed conversation.
  const [sport] = await director.api<{ id: number }[]>('GET', '/sports');
  const squad = await director.api<{ id: number }>('POST', '/teams', {
    name: `Squad ${suffix}`,
    sportId: sport?.id,
    gender: 'COED',
    season: 'FALL',
    schoolYear: '2026-27',
  });
  await director.api('POST', `/teams/${squad.id}/coaches`, { userId: (await coach.me()).id });
  await director.api('POST', `/teams/${squad.id}/members`, { userId: minor.id });
  director.close();

  try {
    // The director names themself the school's safeguarding contact.
    await signIn(page, DEMO.director, '/admin/home/?tab=safeguarding');
    await expect(page.getByRole('heading', { name: 'Safeguarding contacts' })).toBeVisible();
    await expect(
      page.getByText(/While nobody is named, Marcus Reed \(athletic director\) is the second adult/),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Second adults' }).click();
    await page.getByRole('option', { name: 'Marcus Reed' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save contacts' }).click();
    await expect(page.getByText('Safeguarding contacts saved')).toBeVisible();

    // The coach opens the conversation from their own app and writes.
    const roomId = await coach.directRoomWith(minor.id);
    await coach.send(roomId, 'Practice moves to 4 pm tomorrow; bring your physical form.');

    // The director sees it among the conversations a second adult observes, live.
    const table = page.getByTestId('safeguarded-conversations');
    const row = table.getByRole('row').filter({ hasText: minorName });
    await expect(row).toContainText('Marcus Reed');
    await expect(row).toContainText('under 18');
    await expect(row).toContainText('Observed');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 12_000 });
    await shot('safeguarding-settings');

    // Opened, the room says who is there for safeguarding and why.
    await row.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`roomId=${roomId}`));
    const thread = page.getByTestId('message-list');
    await expect(thread).toContainText(
      `Marcus Reed (safeguarding contact) joined as Lincoln High School’s second adult: ${minorName} is under 18 and has no guardian who can see this conversation`,
    );
    await expect(thread).toContainText('Practice moves to 4 pm tomorrow');
    await expect(page.getByTestId('safeguarding-badge')).toHaveText('Second adult included');
    await expect(page.getByTestId('safeguarding-viewer-note')).toContainText(
      `You are in this conversation as Lincoln High School’s second adult for safeguarding: ${minorName} has no guardian who can see it`,
    );
    await shot('safeguarding-thread');
    await page.getByTestId('safeguarding-badge').click();
    await expect(page.getByText('Safeguarding contact (second adult)')).toBeVisible();

    // The director is the only second adult the school has: their own conversation with the
    // minor could not be observed, so it is refused with the reason.
    await page.goto(`/messages/?tab=ATHLETES`);
    await page.getByRole('textbox', { name: 'Search conversations' }).fill('Jordan');
    const item = page
      .getByRole('list', { name: 'Athletes conversations' })
      .getByRole('listitem')
      .filter({ hasText: minorName });
    await item.getByRole('button').click();
    const refusal = page.locator('[data-sonner-toast][data-mounted="true"]').filter({
      hasText: new RegExp(`^Safeguarding: ${minorName} is under 18 and has no guardian who can see this conversation`),
    });
    await expect(refusal).toBeVisible();
    await expect(refusal).toHaveCSS('opacity', '1');
    await shot('safeguarding-refused');

    // Phone size: the same settings and thread.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/home/?tab=safeguarding');
    await expect(page.getByTestId('safeguarded-conversations').getByText(`${minorName} (under 18)`)).toBeVisible();
    await shot('safeguarding-settings-phone');
    await page.goto(`/messages/?tab=ATHLETES&roomId=${roomId}`);
    await expect(page.getByTestId('safeguarding-badge')).toBeVisible();
    await expect(page.getByTestId('message-list')).toContainText('second adult');
    await shot('safeguarding-thread-phone');
  } finally {
    coach.close();
  }
});
