import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/** An API client signed in as the demo admin (for arranging data and checking the outcome). */
async function adminApi(request: APIRequestContext) {
  const auth = await request.post('/api/identity', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'fieldhouse-web',
      AuthParameters: { USERNAME: DEMO.admin, PASSWORD: DEMO.password },
    }),
  });
  const { AuthenticationResult } = (await auth.json()) as { AuthenticationResult: { IdToken: string } };
  const headers = { authorization: `Bearer ${AuthenticationResult.IdToken}` };
  return {
    get: async <T>(url: string) => (await (await request.get(url, { headers })).json()) as { data: T },
    post: async <T>(url: string, data: unknown) =>
      (await request.post(url, { headers, data: data as object })).json() as Promise<{ data: T; statusCode: number }>,
  };
}

/** Monday of the current week (the week view's first day), as YYYY-MM-DD. */
function thisMonday() {
  const now = new Date();
  const monday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)),
  );
  return monday.toISOString().slice(0, 10);
}
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('create a weekly practice and see it on the week view', async ({ page, shot }) => {
  test.setTimeout(90_000);
  const monday = thisMonday();
  await signIn(page, DEMO.admin, `/calendar/?view=week&date=${monday}`);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('legend')).toBeVisible();
  // The demo schedule has practices this week.
  await expect(page.locator('.fh-type-practice').first()).toBeVisible();

  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title').fill('Sunrise Conditioning');
  await dialog.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Boys Varsity Basketball' }).click();
  await dialog.getByLabel('Starts').fill(monday);
  await dialog.getByLabel('at').first().fill('06:30');
  await dialog.getByLabel('Ends').fill(monday);
  await dialog.getByLabel('at').nth(1).fill('07:30');
  await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption({ label: 'Weekly on Monday' });
  await dialog.getByText('Tue', { exact: true }).click();
  await dialog.getByText('Thu', { exact: true }).click();
  await dialog.getByLabel('Until').fill(plusDays(monday, 27));
  await dialog.getByRole('combobox', { name: 'Facility' }).fill('Weight Room');
  await page.getByRole('option', { name: '+ Add “Weight Room”' }).click();
  await expect(page.getByText('Weight Room added to your facilities')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Practice added to the calendar')).toBeVisible();

  const practice = page.locator('.fc-event', { hasText: 'Sunrise Conditioning' });
  await expect(practice).toHaveCount(3);
  await practice.first().click();
  const drawer = page.getByRole('dialog', { name: 'Event details' });
  await expect(drawer.getByText('Part of a weekly series')).toBeVisible();
  await shot('calendar-event-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await shot('calendar-week');

  // Double-booking the team is shown before saving and needs an explicit "Save anyway".
  await page.getByRole('button', { name: 'New event' }).click();
  const second = page.getByRole('dialog', { name: 'New event' });
  await second.getByLabel('Title').fill('Extra Shooting');
  await second.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Boys Varsity Basketball' }).click();
  await second.getByLabel('Starts').fill(monday);
  await second.getByLabel('at').first().fill('06:45');
  await second.getByLabel('Ends').fill(monday);
  await second.getByLabel('at').nth(1).fill('07:15');
  await expect(second.getByTestId('conflicts')).toContainText(
    /Conflicts with Sunrise Conditioning practice, Mon \w{3} \d+, 6:30–7:30 AM \(same team, Boys Varsity Basketball\)/,
  );
  // Announced politely as it appears, not only shown.
  await expect(second.locator('[aria-live="polite"]').getByTestId('conflicts')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Save anyway' })).toBeVisible();
  await shot('calendar-conflict');
  await second.getByRole('button', { name: 'Cancel' }).click();

  await page.getByText('Month', { exact: true }).click();
  await expect(page).toHaveURL(/view=month/);
  await expect(page.locator('.fc-daygrid-event', { hasText: 'Sunrise Conditioning' }).first()).toBeVisible();
  await shot('calendar-month');
  await page.getByText('Agenda', { exact: true }).click();
  await expect(page).toHaveURL(/view=agenda/);
  await expect(page.locator('.fc-list-event', { hasText: 'Sunrise Conditioning' }).first()).toBeVisible();
  await shot('calendar-agenda');
  await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  await page.goto(`/calendar/?view=week&date=${monday}`);
  await expect(page.locator('.fc-event', { hasText: 'Sunrise Conditioning' }).first()).toBeVisible({
    timeout: 15_000,
  });
  await shot('calendar-week-dark');
  await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
});

test('drag a game to a new time: confirmed, posted in the team chat, changed in the feed', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(60_000);
  // A retry finds the first attempt's game still there: each attempt drags its own.
  const title = `Drag Test Match R${test.info().retry}`;
  const api = await adminApi(request);
  const teams = await api.get<{ id: number; name: string }[]>('/api/teams/list-organization-teams');
  const team = teams.data.find((t) => t.name === 'Girls Tennis') ?? teams.data[0];
  if (!team) throw new Error('no teams');
  const wednesday = plusDays(thisMonday(), 2);
  const created = await api.post<{ eventId: number }>('/api/calendar/events', {
    type: 'GAME',
    title,
    teamId: team.id,
    opponent: 'Hamilton',
    homeAway: 'HOME',
    start: `${wednesday}T12:00`,
    end: `${wednesday}T13:00`,
    facility: 'Court 9',
    confirmConflicts: true,
  });
  expect(created.statusCode).toBe(201);

  await signIn(page, DEMO.admin, `/calendar/?view=week&date=${wednesday}&team=${team.id}`);
  const game = page.locator('.fc-timegrid-event', { hasText: title });
  await expect(game).toBeVisible();
  const box = await game.boundingBox();
  if (!box) throw new Error('no box');
  const slot = await page.locator('.fc-timegrid-slot-lane').first().boundingBox();
  const slotHeight = slot?.height ?? 30;
  // Two 30-minute slots down: one hour later.
  await page.mouse.move(box.x + box.width / 2, box.y + 8);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2, box.y + 8 + (slotHeight * 2 * i) / 10);
  await page.mouse.up();

  const confirm = page.getByRole('dialog', { name: 'Move this game?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(/1:00 PM – 2:00 PM/)).toBeVisible();
  await shot('calendar-move-game');
  await confirm.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Moved; the team has been told in its chat')).toBeVisible();

  const rooms = await api.get<{ id: number }[]>(`/api/chat/teams/${team.id}/rooms`);
  const history = await api.get<{ messages: { content: string; messageType: string }[] }>(
    `/api/chat/rooms/${rooms.data[0]?.id}/messages?limit=20`,
  );
  const system = history.data.messages.filter((m) => m.messageType === 'SYSTEM' && m.content.includes('Hamilton'));
  expect(system.at(-1)?.content).toMatch(/^Schedule change: .*moved to .*1:00 PM/);

  const feeds = await api.get<{ teamId: number | null; path: string }[]>('/api/calendar/feeds');
  const feed = feeds.data.find((f) => f.teamId === team.id);
  const ics = await (await request.get(feed?.path ?? '')).text();
  const unfolded = ics.replaceAll('\r\n ', '');
  const block = unfolded.split('BEGIN:VEVENT').find((b) => b.includes(title));
  expect(block).toContain(`DTSTART;TZID=America/Chicago:${wednesday.replaceAll('-', '')}T130000`);
  expect(block).toContain('SEQUENCE:1');

  // The team room shows the change as a card: the headline and "Time: before → after".
  await page.goto(`/teams/${team.id}/chats`);
  const card = page.getByRole('article', { name: new RegExp(`^Schedule change: ${title}`) }).last();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole('list', { name: 'What changed' })).toContainText(
    'Time: 12:00 PM – 1:00 PM → 1:00 PM – 2:00 PM',
  );
  await card.scrollIntoViewIfNeeded();
  await shot('chat-change-notice-desktop');
  await expectAccessible(page, 'team chat with a change notice');
  await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  await page.reload();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.scrollIntoViewIfNeeded();
  await shot('chat-change-notice-dark');
  await expectAccessible(page, 'team chat with a change notice, dark');
  await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));

  // The messages screen at phone width shows the same card, inside the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/messages?roomId=${rooms.data[0]?.id}`);
  const phoneCard = page.getByRole('article', { name: new RegExp(`^Schedule change: ${title}`) }).last();
  await expect(phoneCard).toBeVisible({ timeout: 15_000 });
  await expect(phoneCard).toContainText('1:00 PM – 2:00 PM');
  const phoneBox = await phoneCard.boundingBox();
  expect((phoneBox?.x ?? 0) + (phoneBox?.width ?? 999)).toBeLessThanOrEqual(390);
  await phoneCard.scrollIntoViewIfNeeded();
  await shot('chat-change-notice-phone');

  // A cancellation stands out: its own badge and words, not colour alone. (Whoever made a
  // change is not sent its post live, as with every system post: reload to read it.)
  const cancelled = await api.post<{ status: string }>(`/api/calendar/events/${created.data.eventId}/status`, {
    status: 'CANCELLED',
  });
  expect(cancelled.data.status).toBe('CANCELLED');
  await page.reload();
  const cancelCard = page.getByRole('article', { name: new RegExp(`^Cancelled: ${title}`) }).last();
  await expect(cancelCard).toBeVisible({ timeout: 15_000 });
  await expect(cancelCard).toHaveAttribute('data-notice-kind', 'cancel');
  await expect(cancelCard.getByRole('list', { name: 'What changed' })).toContainText('Status: Scheduled → Cancelled');
  await cancelCard.scrollIntoViewIfNeeded();
  await shot('chat-change-notice-cancelled-phone');
  await expectAccessible(page, 'messages with a cancellation notice, phone width');
});

test('import a league schedule: its own headers, US dates and 12-hour times; the bad row is left out', async ({
  page,
  request,
  shot,
}) => {
  test.setTimeout(90_000);
  // Six weeks ahead, clear of the other journeys' weeks (a retry a week later, clear of its own rows).
  const start = plusDays(thisMonday(), 42 + 7 * test.info().retry);
  const us = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
  const csv = [
    'Game Date,Time,Opponent,Site,Location,Team,Event Type',
    `${us(plusDays(start, 1))},6:30 PM,Riverside Prep,Away,Riverside Prep Gym,Girls Varsity Basketball,Game`,
    `${us(plusDays(start, 3))},7pm,Central High,Home,Lincoln High School,Girls Varsity Basketball,Game`,
    `2/30/${start.slice(0, 4)},7pm,Nowhere Academy,Home,Lincoln High School,Girls Varsity Basketball,Game`,
    `${us(plusDays(start, 4))},3:15 PM,,,Main Gym,Girls Varsity Basketball,Practice`,
    // Double-books the team with row 3: listed in the preview, imported anyway.
    `${us(plusDays(start, 3))},7:30 PM,,,Lincoln High School,Girls Varsity Basketball,Practice`,
  ].join('\n');
  await signIn(page, DEMO.admin, `/calendar/?view=week&date=${start}`);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a season schedule' });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'league-schedule.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByRole('combobox', { name: 'Column for Date' })).toHaveValue('Game Date');
  await expect(dialog.getByRole('combobox', { name: 'Column for Start time' })).toHaveValue('Time');
  await expect(dialog.getByRole('combobox', { name: 'Column for Home or away' })).toHaveValue('Site');
  await shot('schedule-import-mapping');
  await dialog.getByRole('button', { name: 'Check 5 rows' }).click();
  await expect(dialog.getByText('4 rows ready · 1 row needs fixing')).toBeVisible();
  const clash = dialog.getByTestId('row-conflict').filter({ hasText: /^Row 6/ });
  await expect(clash).toContainText(/Conflicts with row 3: vs Central High, \w{3} \w{3} \d+, 7:00–9:00 PM \(same team/);
  await expect(dialog.getByTestId('row-conflict').filter({ hasText: /^Row 3/ })).toContainText('Conflicts with row 6');
  await expect(dialog.getByRole('radio', { name: 'Import anyway' })).toBeChecked();
  await expect(
    dialog.getByText(`Date “2/30/${start.slice(0, 4)}” is not a date; use 9/5/2026 or 2026-09-05`),
  ).toBeVisible();
  await shot('schedule-import-check');
  await dialog.getByRole('button', { name: 'Import the 4 valid rows' }).click();
  await expect(dialog.getByText(/^Imported 4 events\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done', exact: true }).click();

  const api = await adminApi(request);
  const { data } = await api.get<{ occurrences: { title: string; localStart: string; homeAway: string | null }[] }>(
    `/api/calendar/events?from=${start}T00:00:00Z&to=${plusDays(start, 7)}T00:00:00Z`,
  );
  const imported = data.occurrences.filter((o) => ['at Riverside Prep', 'vs Central High'].includes(o.title));
  expect(imported.map((o) => [o.title, o.localStart.slice(11), o.homeAway])).toEqual([
    ['at Riverside Prep', '18:30', 'AWAY'],
    ['vs Central High', '19:00', 'HOME'],
  ]);
});

test('week opens at its first event; events open by keyboard; overlaps fold into a named "+N more"', async ({
  page,
  shot,
}) => {
  test.setTimeout(60_000);
  // Five weeks ahead: the demo schedule only, clear of the events the other journeys add.
  const monday = plusDays(thisMonday(), 35);
  await signIn(page, DEMO.admin, `/calendar/?view=week&date=${monday}`);
  const events = page.locator('.fc-timegrid-event');
  await expect(events.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('legend')).toContainText('Boys Varsity Basketball');

  // The earliest event of the week is inside the scroller's visible area without any scrolling.
  const scroller = page.locator('.fc-timegrid-body').locator('xpath=ancestor::div[contains(@class,"fc-scroller")][1]');
  await expect
    .poll(async () => {
      const view = await scroller.boundingBox();
      const tops = await events.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
      const first = Math.min(...tops);
      return view !== null && first >= view.y && first + 20 <= view.y + view.height;
    })
    .toBe(true);
  await shot('calendar-week-first-event');

  // Events are named buttons; Enter opens the drawer.
  const practice = page.getByRole('button', { name: /^Practice, .*Practice/ }).first();
  await expect(practice).toHaveAttribute('tabindex', '0');
  await practice.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Event details' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Busy days fold into "+N more", a button named for what it hides, with valid ARIA.
  await page.getByText('Month', { exact: true }).click();
  const more = page.locator('.fc-more-link').first();
  await expect(more).toBeVisible();
  await expect(more).toHaveAttribute('role', 'button');
  await expect(page.getByRole('button', { name: /^\+\d+ more|\d+ more events?$/ }).first()).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('.fc').withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.fc-popover')).toBeVisible();
  await shot('calendar-month-more');
});
