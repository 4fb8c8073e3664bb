import type { MyAnnouncements, TeamDetail, TeamSummary } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { expectAccessible, PHONE } from './axe.ts';
import { api } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * Issue 18's announcements as the director sees them (decision 027): the director posts to a
 * team asking for acknowledgement; two guardians say "Got it" (through the API, as the member app
 * will); the director's card reads "Acknowledged by 2 of N" without a reload, "See who" lists who
 * is missing, and "Nudge the rest" reminds them.
 */

/** A team whose athletes have active guardians (the room holds guardians of minors). */
async function arrange(baseURL: string, skip: number) {
  const teams = await api<TeamSummary[]>(baseURL, DEMO.admin, 'GET', '/teams/list-organization-teams');
  const candidates = teams.filter((t) => t.athleteCount >= 6 && t.status === 'ACTIVE');
  const summary = candidates[skip % candidates.length] as TeamSummary;
  const team = await api<TeamDetail>(baseURL, DEMO.admin, 'GET', `/teams/${summary.id}`);
  const guardians = [
    ...new Map(
      team.athletes
        .flatMap((a) => a.guardians.map((g) => ({ ...g, ward: `${a.firstName} ${a.lastName ?? ''}`.trim() })))
        .filter((g) => g.status === 'ACTIVE')
        .map((g) => [g.id, g]),
    ).values(),
  ];
  return { team, guardians };
}

/** The guardians (two of them) whose list has the announcement pending, and its message id. */
async function twoGuardiansAsked(
  baseURL: string,
  guardians: Awaited<ReturnType<typeof arrange>>['guardians'],
  text: string,
) {
  const asked: { email: string; name: string; messageId: number }[] = [];
  for (const g of guardians) {
    const mine = await api<MyAnnouncements>(baseURL, g.email, 'GET', '/me/announcements?status=pending&limit=10');
    const item = mine.result.find((r) => r.message.content === text);
    if (item)
      asked.push({ email: g.email, name: `${g.firstName} ${g.lastName ?? ''}`.trim(), messageId: item.message.id });
    if (asked.length === 2) return asked;
  }
  throw new Error('the demo team has no two guardians asked');
}

async function acknowledgeAndTrack(
  page: Page,
  baseURL: string,
  text: string,
  guardians: Awaited<ReturnType<typeof arrange>>['guardians'],
  where: string,
) {
  const card = page.getByRole('article', { name: /^Announcement from / }).filter({ hasText: text });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const line = card.getByText(/^Acknowledged by \d+ of \d+$/);
  await expect(line).toHaveText(/^Acknowledged by 0 of \d+$/);
  const asked = Number((await line.textContent())?.match(/of (\d+)/)?.[1]);
  expect(asked).toBeGreaterThan(2);

  // Two guardians say "Got it" in their own app; the director's card moves live.
  const [first, second] = await twoGuardiansAsked(baseURL, guardians, text);
  for (const g of [first, second]) {
    await api(baseURL, g?.email as string, 'POST', `/chat/messages/${g?.messageId}/ack`);
  }
  await expect(line).toHaveText(`Acknowledged by 2 of ${asked}`);
  await expectAccessible(page, `the announcement card (${where})`);

  await card.getByRole('button', { name: /^See who acknowledged/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Who acknowledged' });
  await expect(drawer.getByText(`Acknowledged by 2 of ${asked}`, { exact: true })).toBeVisible({ timeout: 15_000 });
  const missing = drawer.getByRole('region', { name: /^Missing/ });
  const done = drawer.getByRole('region', { name: /^Acknowledged \(/ });
  await expect(missing.getByRole('heading')).toHaveText(`Missing (${asked - 2})`);
  await expect(done.getByRole('listitem')).toHaveCount(2);
  for (const g of [first, second]) await expect(done.getByText(g?.name as string, { exact: true })).toBeVisible();
  await expect(done.getByText(/^Guardian of /).first()).toBeVisible();
  await expect(missing.getByRole('listitem')).toHaveCount(asked - 2);
  await expectAccessible(page, `the "See who" drawer (${where})`);

  await drawer.getByRole('button', { name: 'Nudge the rest' }).click();
  await expect(page.getByText(`Reminded ${asked - 2} ${asked - 2 === 1 ? 'person' : 'people'}`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(drawer.getByRole('button', { name: 'Nudge the rest' })).toBeDisabled();
  await expect(drawer.getByText(/you can nudge again at/)).toBeVisible();
  return { drawer, asked };
}

test('the director posts an announcement, two guardians acknowledge, the director sees who is missing and nudges', async ({
  page,
  shot,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const url = baseURL as string;
  const { team, guardians } = await arrange(url, 0);
  const text = `Team photos on Friday at 3:30 — wear the home jersey (${Date.now()})`;

  await signIn(page, DEMO.director, `/teams/${team.id}`);
  await page.getByRole('button', { name: 'Post announcement' }).click();
  const form = page.getByRole('dialog', { name: `Post announcement to ${team.name}` });
  await form.getByLabel('Announcement').fill(text);
  await expect(form.getByLabel('Ask for acknowledgement')).toBeChecked();
  await expectAccessible(page, 'the post announcement form');
  await form.getByRole('button', { name: 'Post announcement' }).click();
  await expect(
    page.getByText(new RegExp(`Announcement posted to ${team.name}: \\d+ asked to acknowledge`)),
  ).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'Team chats' }).click();
  const { drawer } = await acknowledgeAndTrack(page, url, text, guardians, 'desktop');
  await shot('announcement-see-who');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await shot('announcement-card');

  // The same card and list in the dark theme, after a reload: the counts come from the history.
  await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  await page.reload();
  const card = page.getByRole('article', { name: /^Announcement from / }).filter({ hasText: text });
  await expect(card.getByText(/^Acknowledged by 2 of \d+$/)).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, 'the announcement card (dark)');
  await card.getByRole('button', { name: /^See who acknowledged/ }).click();
  await expect(page.getByRole('dialog', { name: 'Who acknowledged' }).getByText(/you can nudge again at/)).toBeVisible({
    timeout: 15_000,
  });
  await expectAccessible(page, 'the "See who" drawer (dark)');
  await shot('announcement-see-who-dark');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('posting from the team chat, the live count, the list and the nudge fit a phone', async ({
    page,
    shot,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const url = baseURL as string;
    const { team, guardians } = await arrange(url, 1);
    const text = `Bus leaves at 3:15 sharp (${Date.now()})`;

    await signIn(page, DEMO.director, `/teams/${team.id}/chats`);
    await page.getByRole('button', { name: 'Post announcement' }).click();
    const form = page.getByRole('dialog', { name: `Post announcement to ${team.name}` });
    await form.getByLabel('Announcement').fill(text);
    await form.getByRole('button', { name: 'Post announcement' }).click();
    await acknowledgeAndTrack(page, url, text, guardians, 'phone');
    await shot('announcement-see-who-phone');
  });
});
