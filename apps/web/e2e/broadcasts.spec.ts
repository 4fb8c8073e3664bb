import type { MyAnnouncements, TeamDetail, TeamSummary } from '@fieldhouse/shared';
import { expectAccessible, PHONE } from './axe.ts';
import { api } from './chat-client.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * Issue 19's broadcast journey (decision 029): the director sends a weather cancellation to every
 * winter team's athletes and guardians, asking for acknowledgement; the composer counts the
 * recipients before sending; two guardians acknowledge (through the API, as the member app does);
 * the tracking page shows "Acknowledged by 2 of N" and who is missing. On the way the director
 * saves the text as the school's own template, picks it again and deletes it. On a phone, a
 * scheduled one is edited (text and time) and then cancelled.
 */

/** Active guardians of a winter team's athletes, to acknowledge from their own accounts. */
async function winterGuardians(baseURL: string) {
  const teams = await api<TeamSummary[]>(baseURL, DEMO.admin, 'GET', '/teams/list-organization-teams');
  const winter = teams.filter((t) => t.season === 'WINTER' && t.status === 'ACTIVE' && t.athleteCount >= 4);
  for (const summary of winter) {
    const team = await api<TeamDetail>(baseURL, DEMO.admin, 'GET', `/teams/${summary.id}`);
    const guardians = [
      ...new Map(
        team.athletes
          .flatMap((a) => a.guardians)
          .filter((g) => g.status === 'ACTIVE')
          .map((g) => [g.id, g]),
      ).values(),
    ];
    if (guardians.length >= 2) return guardians;
  }
  throw new Error('the demo school has no winter team with two active guardians');
}

test('the director broadcasts a weather cancellation to every winter team; two guardians acknowledge; tracking shows who is missing', async ({
  page,
  shot,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const url = baseURL as string;
  const guardians = await winterGuardians(url);
  const text = `Snow closes the fields: every winter practice today is cancelled (${Date.now()})`;

  await signIn(page, DEMO.director, '/home/');
  await page.getByRole('navigation').getByRole('link', { name: 'Broadcasts' }).click();
  await expect(page.getByRole('heading', { name: 'Broadcasts', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New broadcast' }).click();
  const form = page.getByRole('dialog', { name: 'New broadcast' });
  await expect(form.getByText('Choose teams and who receives it')).toBeVisible();
  await form.getByRole('combobox', { name: 'Seasons' }).click();
  await page.getByRole('option', { name: 'Winter' }).click();
  await form.getByRole('heading', { name: 'New broadcast' }).click();
  // Athletes and guardians are chosen by default; the count appears before sending.
  await expect(form.getByRole('checkbox', { name: 'Athletes' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Guardians' })).toBeChecked();
  const count = form.getByText(/^Reaches [\d,]+ people on \d+ teams?$/);
  await expect(count).toBeVisible({ timeout: 15_000 });
  const reaches = Number((await count.textContent())?.match(/Reaches ([\d,]+)/)?.[1]?.replace(',', ''));
  expect(reaches).toBeGreaterThan(2);
  await form.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Weather cancellation' }).click();
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(/^Due to \{weather\}/);
  await form.getByRole('textbox', { name: 'Message' }).fill(text);
  // The school keeps its own wording: saved, picked again from the list, then deleted.
  const mine = `Snow closure ${Date.now()}`;
  await form.getByRole('button', { name: 'Save as template' }).click();
  await form.getByRole('textbox', { name: 'Template name' }).fill(mine);
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(`Saved “${mine}” as a template`)).toBeVisible({ timeout: 15_000 });
  await form.getByRole('textbox', { name: 'Message' }).fill('scratch');
  await form.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: mine }).click();
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(text);
  await form.getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByText(`Deleted the template “${mine}”`)).toBeVisible({ timeout: 15_000 });
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(text);
  await expect(form.getByLabel('Ask for acknowledgement')).toBeChecked();
  await expectAccessible(page, 'the broadcast composer');
  await shot('broadcast-composer');
  await form.getByRole('button', { name: 'Send broadcast' }).click();

  // Raised, though not always on top: the notices the broadcast itself causes (the director added to
  // conversations for safeguarding, their first messages) arrive over the socket in the same moment
  // and sonner shows three (SPEC §9). In full runs Playwright reported the confirmation hidden; why
  // it was hidden rather than only covered is not settled (docs/benchmarks.md, web weight).
  await expect(page.getByText(`Broadcast sent to ${reaches} people`)).toBeAttached({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Broadcast', level: 1, exact: true })).toBeVisible();
  const line = page.getByText(/^Acknowledged by \d+ of \d+$/);
  await expect(line).toHaveText(`Acknowledged by 0 of ${reaches}`);

  // Two guardians say "Got it" from their own apps.
  const acked: string[] = [];
  for (const g of guardians) {
    const mine = await api<MyAnnouncements>(url, g.email, 'GET', '/me/announcements?status=pending&limit=20');
    const item = mine.result.find((r) => r.message.content === text);
    if (!item) continue;
    await api(url, g.email, 'POST', `/chat/messages/${item.message.id}/ack`);
    acked.push(`${g.firstName} ${g.lastName ?? ''}`.trim());
    if (acked.length === 2) break;
  }
  expect(acked).toHaveLength(2);
  await page.reload();
  await expect(line).toHaveText(`Acknowledged by 2 of ${reaches}`, { timeout: 15_000 });
  await page.getByText('Acknowledged (2)', { exact: true }).click();
  for (const name of acked) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.getByText(`Missing (${reaches - 2})`, { exact: true }).click();
  for (const name of acked) await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  await expectAccessible(page, 'the broadcast tracking');
  await shot('broadcast-tracking');
  await page.getByRole('button', { name: 'Nudge the rest' }).click();
  await expect(page.getByText(`Reminded ${reaches - 2} people`)).toBeVisible({ timeout: 15_000 });

  // The list shows it with its count.
  await page.getByRole('link', { name: 'All broadcasts' }).click();
  // This attempt's card only (the name holds the message's time stamp): a retry finds the first
  // attempt's broadcast in the list too.
  await expect(page.getByRole('link', { name: text.slice(0, -1) })).toContainText(`Acknowledged by 2 of ${reaches}`);
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a scheduled broadcast to coaches only, edited, then cancelled, fits a phone', async ({ page, shot }) => {
    test.setTimeout(120_000);
    const text = `Coaches: rosters due Friday (${Date.now()})`;
    await signIn(page, DEMO.director, '/broadcasts');
    await page.getByRole('button', { name: 'New broadcast' }).click();
    const form = page.getByRole('dialog', { name: 'New broadcast' });
    await form.getByText('Every team', { exact: true }).click();
    for (const chip of ['Athletes', 'Guardians', 'Coaches']) await form.getByText(chip, { exact: true }).click();
    await expect(form.getByRole('checkbox', { name: 'Coaches' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Athletes' })).not.toBeChecked();
    await expect(form.getByText('Coaches only: it goes to the coaches’ room')).toBeVisible({ timeout: 15_000 });
    await form.getByRole('textbox', { name: 'Message' }).fill(text);
    await form.getByText('Schedule', { exact: true }).click();
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
    await form.getByLabel('Date').fill(tomorrow);
    await form.getByLabel('Time').fill('07:30');
    await expectAccessible(page, 'the broadcast composer (phone)');
    await shot('broadcast-composer-phone');
    await form.getByRole('button', { name: 'Schedule broadcast' }).click();
    await expect(page.getByText('Broadcast scheduled')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/goes out .* 7:30 AM/)).toBeVisible();
    // Still scheduled, so it can be rewritten: the composer opens filled in.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit broadcast' });
    await expect(edit.getByRole('textbox', { name: 'Message' })).toHaveValue(text);
    await expect(edit.getByRole('checkbox', { name: 'Coaches' })).toBeChecked();
    await expect(edit.getByLabel('Time')).toHaveValue('07:30');
    const edited = `${text} — and eligibility forms`;
    await edit.getByRole('textbox', { name: 'Message' }).fill(edited);
    await edit.getByLabel('Time').fill('08:15');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Scheduled broadcast updated')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(edited, { exact: true })).toBeVisible();
    await expect(page.getByText(/goes out .* 8:15 AM/)).toBeVisible();
    await shot('broadcast-edited-phone');
    await page.getByRole('button', { name: 'Cancel broadcast' }).click();
    await expect(page.getByText('This broadcast was cancelled before it went out.')).toBeVisible({ timeout: 15_000 });
    await shot('broadcast-cancelled-phone');
  });
});
