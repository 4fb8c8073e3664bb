import type { CalendarOccurrence, MemberTeam, MyProfile } from '@fieldhouse/shared';
import { api, DEMO, DESKTOP, expect, expectAccessible, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

/**
 * Issue 18's member app screens (decision 021) with the demo's coach, minor athlete and guardian:
 * Home (announcements to acknowledge, this week, my teams), the schedule with availability, and
 * the profile; each at phone size, checked with axe, and Home and Schedule at desktop size too.
 */

/** A practice of the demo athlete's team two days ahead, and an announcement to the team. */
async function arrange(baseURL: string, suffix: string) {
  const teams = await api<MemberTeam[]>(baseURL, MEMBERS.athlete, 'GET', '/me/teams');
  const team = teams.find((t) => t.as === 'ATHLETE');
  if (!team) throw new Error('the demo athlete plays on no team');
  const athlete = await api<MyProfile>(baseURL, MEMBERS.athlete, 'GET', '/me/profile');
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const title = `Member Practice ${suffix}`;
  const event = await api<CalendarOccurrence>(baseURL, DEMO.admin, 'POST', '/calendar/events', {
    type: 'PRACTICE',
    title,
    teamId: team.id,
    start: `${date}T15:30`,
    end: `${date}T17:00`,
    facility: 'Main Gym',
    location: '100 Main St, Springfield',
    confirmConflicts: true,
  });
  const announcement = `Bring your water bottles ${suffix}`;
  await api(baseURL, DEMO.admin, 'POST', `/teams/${team.id}/announcements`, { content: announcement });
  return { team, athlete, event, title, announcement };
}

test.describe('at phone size', () => {
  test.use(PHONE);

  test('a guardian’s home: acknowledge an announcement, this week, and the child’s teams', async ({
    page,
    baseURL,
    shot,
  }) => {
    const suffix = Date.now().toString(36);
    const { team, athlete, title, announcement } = await arrange(baseURL as string, suffix);
    await signInMember(page, MEMBERS.parent);
    await expect(page.getByRole('banner').getByText('Lincoln High School')).toBeVisible();
    const card = page
      .locator('section', { has: page.getByRole('heading', { name: 'To acknowledge' }) })
      .getByText(announcement);
    await expect(card).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
    const teams = page.locator('section', { has: page.getByRole('heading', { name: 'My teams' }) });
    await expect(teams.getByText(team.name, { exact: true })).toBeVisible();
    await expect(teams.getByText(`${team.sportName} · ${athlete.firstName}`, { exact: false }).first()).toBeVisible();
    await expectAccessible(page, 'home (phone, light)');
    await shot('member-home');
    await page.getByRole('button', { name: `Got it: ${announcement}` }).click();
    await expect(page.getByText('Thanks, your coach will see you got it.')).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectAccessible(page, 'home (phone, dark)');
    await shot('member-home-dark');
  });

  test('an athlete answers “Not going” with a note; the guardian sees it and the coach counts it', async ({
    page,
    baseURL,
    shot,
  }) => {
    const suffix = Date.now().toString(36);
    const { athlete, title } = await arrange(baseURL as string, suffix);
    await signInMember(page, MEMBERS.athlete, '/m/schedule');
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
    await expectAccessible(page, 'the schedule (phone)');
    await shot('member-schedule');
    await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Main Gym, 100 Main St, Springfield')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
      'href',
      /google\.com\/maps\/search\/\?api=1&query=Main%20Gym%2C%20100%20Main%20St/,
    );
    await expect(page.getByText('Are you coming?')).toBeVisible();
    await expectAccessible(page, 'an event (phone)');
    await page.getByText('Not going', { exact: true }).click();
    await page.getByLabel('Note (optional)').fill('Dentist appointment');
    await page.getByRole('button', { name: 'Save answer' }).click();
    await expect(page.getByText('Saved: Not going')).toBeVisible();
    await shot('member-event');
    await page.getByRole('link', { name: 'Back to the schedule' }).click();
    await expect(
      page.getByRole('link', { name: new RegExp(`^${title}`) }).getByText('You answered: Not going'),
    ).toBeVisible();

    // The guardian answers for the same athlete and sees the answer given.
    await page.evaluate(() => localStorage.clear());
    await signInMember(page, MEMBERS.parent, '/m/schedule');
    await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
    await expect(page.getByText(`Is ${athlete.firstName} ${athlete.lastName ?? ''}`.trim())).toBeVisible();
    await expect(page.getByLabel('Note (optional)')).toHaveValue('Dentist appointment');

    // The coach reads the count.
    await page.evaluate(() => localStorage.clear());
    await signInMember(page, MEMBERS.coach, '/m/schedule');
    await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
    await expect(page.getByRole('region', { name: 'Who is coming' }).getByText(/1 not going/)).toBeVisible();
    await expectAccessible(page, 'an event as its coach (phone)');
  });

  test('the profile: name and phone, notifications, password, sign out', async ({ page, shot }) => {
    await signInMember(page, MEMBERS.athlete, '/m/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(MEMBERS.athlete);
    await expectAccessible(page, 'the profile (phone)');
    await shot('member-profile');
    const phone = `555-01${String(Date.now()).slice(-2)}`;
    await page.getByLabel('Phone', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    const digest = page.getByRole('switch', { name: /E-mail summary/ });
    const before = await digest.isChecked();
    await digest.click({ force: true });
    await expect(page.getByText('Notifications saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(phone);
    await expect(page.getByRole('switch', { name: /E-mail summary/ })).toBeChecked({ checked: !before });

    // A new password, then the demo's again (other journeys sign in as this athlete).
    const change = async (from: string, to: string) => {
      await page.getByLabel('Current password').fill(from);
      await page.getByLabel('New password', { exact: true }).fill(to);
      await page.getByLabel('Repeat the new password').fill(to);
      await page.getByRole('button', { name: 'Change password' }).click();
      // The form empties only on success; the toasts of two changes in a row may both be showing.
      await expect(page.getByLabel('Current password')).toHaveValue('');
      await expect(page.getByText('Password changed').first()).toBeVisible();
    };
    await page.getByLabel('Current password').fill('wrong-password');
    await page.getByLabel('New password', { exact: true }).fill('Athlete-New-2026');
    await page.getByLabel('Repeat the new password').fill('Athlete-New-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/Incorrect username or password/)).toBeVisible();
    await change(DEMO.password, 'Athlete-New-2026');
    await change('Athlete-New-2026', DEMO.password);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/auth\/sign-in/);
  });

  test('sign out everywhere ends the sessions of other devices too', async ({ page, browser, baseURL }) => {
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    try {
      await signInMember(otherPage, MEMBERS.coach, '/m/profile');
      await signInMember(page, MEMBERS.coach, '/m/profile');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(page).toHaveURL(/\/m\/auth\/sign-in/);
      // The other device's token is revoked: its next request is a 401, which signs it out.
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/m\/auth\/sign-in/, { timeout: 15_000 });
    } finally {
      await other.close();
    }
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);

  test('home, schedule and profile read well on a wide screen', async ({ page }) => {
    await signInMember(page, MEMBERS.coach);
    await expect(page.getByRole('heading', { name: 'My teams' })).toBeVisible();
    await expectAccessible(page, 'home (desktop)');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
    await expectAccessible(page, 'the schedule (desktop)');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expectAccessible(page, 'the profile (desktop)');
  });
});
