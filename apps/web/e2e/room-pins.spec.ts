/**
 * Issue #19 item 2 (decision 023): the director pins a message in a team room from its menu; the
 * header shows it; unpinning removes it. Desktop and phone, with axe on the pinned bar.
 */
import type { TeamSummary } from '@fieldhouse/shared';
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
  await bar.getByRole('button', { name: 'Unpin message' }).click();
  await expect(bar).toHaveCount(0);
}

test.describe('at desktop size', () => {
  test.use(DESKTOP);
  test('the director pins a message in a team room and unpins it', async ({ page, baseURL }) => {
    await pinJourney(page, baseURL as string, 'desktop', 2);
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('the pinned bar fits and works', async ({ page, baseURL }) => {
    await pinJourney(page, baseURL as string, 'phone', 3);
  });
});
