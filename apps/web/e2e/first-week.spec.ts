/**
 * A real school's first week (issue 16), from an empty install with only the super admin: set up
 * the school, invite its director, who creates teams, imports a 300-row roster with human headers,
 * US dates and 3 bad rows, adds an athlete from the team page, links a guardian and exports the
 * users. Nothing may fail on the way: no error view, no 4xx or 5xx, no console error.
 */
import { readFileSync } from 'node:fs';
import { parseCsv } from '@fieldhouse/shared';
import type { Page, Response } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { latestMail, submitSignIn } from './helpers.ts';
import { OwnServer } from './own-server.ts';

const ROOT = { email: 'root@fieldhouse.example', password: 'Install-Pass-2026' };
const DIRECTOR = { email: 'marcus.reed@lincoln.example', password: 'Director-Pass-2026' };
const server = new OwnServer(Number(process.env.E2E_PORT ?? 4517) + 1, {
  SEED_DEMO: 'false',
  FIELDHOUSE_ADMIN_EMAIL: ROOT.email,
  FIELDHOUSE_ADMIN_PASSWORD: ROOT.password,
});

test.use({ baseURL: server.url, strictConsole: true, timezoneId: 'America/Denver', actionTimeout: 15_000 });
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.kill();
});

/**
 * Light and dark, desktop and phone: four screenshots of what is on screen now, each also checked
 * by axe and for overflow (issue 17's gate on an install that starts empty).
 */
async function shots(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
      await page.waitForTimeout(150);
      await page.screenshot({ path: `e2e/.screenshots/first-week-${name}-${size}-${scheme}.png` });
      await expectAccessible(page, `${name} (${size}, ${scheme})`);
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });

const FIRST = ['Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Eli', 'Ivy', 'Owen', 'Lena', 'Jude', 'Ruby', 'Cole'];
const LAST = ['Allen', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Walker', 'Wilson', 'Young'];

/** 300 athletes as a school's spreadsheet has them: its own headers, US dates, two teams, 3 bad rows. */
function rosterCsv() {
  const header =
    'First Name,Last,Email,DOB,Grad Year,Team,Jersey #,Parent Name,Parent 1 Email,Parent Phone,Relationship';
  const rows: string[] = [];
  for (let i = 0; i < 300; i++) {
    const first = FIRST[i % FIRST.length] as string;
    const last = `${LAST[i % LAST.length]}${i < LAST.length ? '' : Math.floor(i / LAST.length)}`;
    const team = i % 3 === 0 ? 'Girls Varsity Soccer' : i % 3 === 1 ? 'Boys Varsity Basketball' : '';
    const month = (i % 12) + 1;
    const day = (i % 27) + 1;
    rows.push(
      [
        first,
        last,
        `${first}.${last}.${i}@students.lincoln.example`.toLowerCase(),
        `${month}/${day}/${2008 + (i % 4)}`,
        String(2027 + (i % 4)),
        team,
        team ? String(Math.floor(i / 3) + 1) : '',
        `Pat ${last}`,
        `pat.${last}.${i}@families.example`.toLowerCase(),
        `(303) 555-${String(1000 + i)}`,
        i % 2 ? 'Father' : 'Mother',
      ].join(','),
    );
  }
  rows[9] = 'Bad,Email,not-an-email,4/1/2010,2028,,,,,,';
  rows[99] = 'Bad,Date,bad.date@students.lincoln.example,13/45/2010,2028,,,,,,';
  rows[199] = 'Lost,Team,lost.team@students.lincoln.example,4/1/2010,2028,Quidditch,9,,,,';
  // The athlete the director adds from the team page, and who gets a guardian in Edit person.
  rows[249] = 'Wren,Whitaker,wren.whitaker@students.lincoln.example,2/14/2010,2029,,,,,,';
  const csv = `${header}\n${rows.join('\n')}\n`;
  const valid = parseCsv(csv)
    .slice(1)
    .filter((r) => r[0] !== 'Bad' && r[0] !== 'Lost');
  const count = (pred: (r: string[]) => boolean) => valid.filter(pred).length;
  return {
    csv,
    athletes: valid.length,
    guardians: count((r) => Boolean(r[8])),
    soccer: count((r) => r[5] === 'Girls Varsity Soccer'),
  };
}

test('first week: set up a school, its director builds the roster, nothing fails', async ({ page, request }) => {
  test.setTimeout(10 * 60_000);

  await test.step('the super admin of an empty install lands on the guided set-up', async () => {
    await page.goto('/auth/sign-in?redirect=%2Fhome%2F');
    await submitSignIn(page, ROOT.email, ROOT.password);
    await expect(page).toHaveURL(/\/setup\/?/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Welcome to Fieldhouse' })).toBeVisible();
    // The browser's zone is where the school is, to start with.
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Denver');
    await shots(page, 'setup-school');
    // Coming back to Home before there is a school: the set-up again, and no school's figures asked
    // for on the way (nothing for the server to refuse).
    const refused: string[] = [];
    const onResponse = (response: Response) => {
      if (response.url().includes('/api/') && response.status() >= 400) refused.push(response.url());
    };
    page.on('response', onResponse);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Fieldhouse' })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    expect(refused).toEqual([]);
    // Screens that need a school show the set-up instead of an error.
    await nav(page, 'Users').click();
    await expect(page).toHaveURL(/\/setup\/?/);
    await expect(page.getByRole('heading', { name: 'Welcome to Fieldhouse' })).toBeVisible();
  });

  await test.step('set up the school and invite its athletic director', async () => {
    await page.getByLabel('School name').fill('Lincoln High School');
    await page.getByLabel('Street address').fill('1200 Lincoln Ave');
    await page.getByLabel('City').fill('Boulder');
    await page.getByLabel('State').fill('CO');
    await page.getByLabel('ZIP code').fill('80302');
    await page.getByRole('button', { name: 'Create school' }).click();
    await expect(page.getByText('Lincoln High School is set up', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Set up Lincoln High School' })).toBeVisible();
    await page.getByLabel('First name').fill('Marcus');
    await page.getByLabel('Last name').fill('Reed');
    await page.getByLabel('Athletic director’s e-mail').fill(DIRECTOR.email);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByText(`Invite sent to Marcus Reed (${DIRECTOR.email}).`)).toBeVisible();
    await shots(page, 'setup-director');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Add a Soccer team' })).toBeVisible();
    await shots(page, 'setup-teams');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('button', { name: 'Skip and finish' }).click();
    await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), root$/ })).toBeVisible();
    await expect(page.getByText(/· Lincoln High School$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Finish setting up Lincoln High School' })).toBeVisible();
    // Every screen works for a school with nothing in it yet.
    await nav(page, 'Teams').click();
    await expect(page.getByRole('heading', { name: 'No teams yet' })).toBeVisible();
    await shots(page, 'teams-empty');
    for (const name of ['Users', 'Calendar', 'Reports', 'Messages']) {
      await nav(page, name).click();
      await expect(page).toHaveURL(new RegExp(`/${name.toLowerCase()}/?`));
      await page.waitForLoadState('networkidle');
      await shots(page, `${name.toLowerCase()}-empty`);
    }
    await expect(page.getByText('Pick a coach, athlete or guardian on the left', { exact: false })).toBeVisible();
  });

  await test.step('the director signs in with the invite and chooses a password', async () => {
    const invite = await latestMail(request, DIRECTOR.email, ROOT);
    const temporary = invite.match(/temporary password: (\S+)/)?.[1] ?? '';
    expect(temporary).not.toBe('');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await submitSignIn(page, DIRECTOR.email, temporary);
    await expect(page).toHaveURL(/\/auth\/confirm-sign-up/);
    await page.getByLabel('Password', { exact: true }).fill(DIRECTOR.password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Marcus$/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { name: 'Finish setting up Lincoln High School' })).toBeVisible();
    await shots(page, 'home-new-school');
  });

  await test.step('the director creates two teams from the sports catalogue', async () => {
    await nav(page, 'Teams').click();
    for (const [name, sport, gender] of [
      ['Girls Varsity Soccer', 'Soccer', 'Girls'],
      ['Boys Varsity Basketball', 'Basketball', 'Boys'],
    ] as const) {
      await page
        .getByRole('button', { name: /New team|Create your first team/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'New team' });
      await dialog.getByLabel('Team name').fill(name);
      await dialog.getByRole('combobox', { name: 'Sport' }).click();
      await page.getByRole('option', { name: sport, exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Gender' }).click();
      await page.getByRole('option', { name: gender, exact: true }).click();
      await dialog.getByRole('button', { name: 'Create team' }).click();
      await expect(page.getByText(`${name} created`)).toBeVisible();
    }
    await expect(page.getByText('2 teams · 0 roster places')).toBeVisible();
  });

  await test.step('two coaches, one for each team', async () => {
    await nav(page, 'Users').click();
    await expect(page.getByRole('heading', { name: 'No one here yet' })).toHaveCount(0);
    for (const [first, last, team] of [
      ['Taylor', 'Brooks', 'Girls Varsity Soccer'],
      ['Jordan', 'Hayes', null],
    ] as const) {
      await page.getByRole('button', { name: 'Add person' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add a person' });
      await dialog.getByLabel('First name').fill(first);
      await dialog.getByLabel('Last name').fill(last);
      await dialog.getByLabel('E-mail').fill(`${first}.${last}@lincoln.example`.toLowerCase());
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Coach', exact: true }).click();
      if (team) {
        await dialog.getByRole('combobox', { name: 'Coaches' }).click();
        await page.getByRole('option', { name: team }).click();
        await page.keyboard.press('Escape');
        await dialog.getByRole('combobox', { name: 'Coaching role' }).click();
        await page.getByRole('option', { name: 'Head coach' }).click();
      }
      await dialog.getByRole('button', { name: 'Add and invite' }).click();
      await expect(page.getByText(`${first} ${last} added and invited by e-mail`)).toBeVisible();
    }
  });

  let rejectedPath = '';
  const roster = rosterCsv();
  expect(roster.athletes).toBe(297);
  await test.step('import a 300-row roster with human headers, US dates and 3 bad rows', async () => {
    await page.getByRole('button', { name: 'Import roster' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import a roster' });
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'lincoln-roster.csv', mimeType: 'text/csv', buffer: Buffer.from(roster.csv) });
    await expect(dialog.getByText('lincoln-roster.csv · 300 rows.')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Column for First name' })).toHaveValue('First Name');
    await expect(dialog.getByRole('combobox', { name: 'Column for Last name' })).toHaveValue('Last');
    await expect(dialog.getByRole('combobox', { name: 'Column for Graduation year' })).toHaveValue('Grad Year');
    await expect(dialog.getByRole('combobox', { name: 'Column for Guardian e-mail' })).toHaveValue('Parent 1 Email');
    await expect(dialog.getByRole('combobox', { name: 'Column for Guardian phone' })).toHaveValue('Parent Phone');
    await shots(page, 'import-mapping');
    await dialog.getByRole('button', { name: 'Check 300 rows' }).click();
    await expect(dialog.getByText('297 rows ready · 3 rows need fixing')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId('row-error')).toHaveCount(3);
    await expect(dialog.getByText('E-mail “not-an-email” is not a valid address')).toBeVisible();
    await expect(
      dialog.getByText('Date of birth “13/45/2010” is not a date; use 4/15/2010 or 2010-04-15'),
    ).toBeVisible();
    await expect(
      dialog.getByText(
        'Team “Quidditch” does not exist at Lincoln High School; add it on the Teams page or correct the name',
      ),
    ).toBeVisible();
    await shots(page, 'import-check');
    await dialog.getByRole('button', { name: 'Import the 297 valid rows' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeAttached();
    await expect(dialog.getByText(/^Imported [\d,]+ of 297 rows…$/)).toBeVisible();
    await shots(page, 'import-progress');
    await expect(
      dialog.getByText(new RegExp(`^Imported 297 athletes and ${roster.guardians} new guardians`)),
    ).toBeVisible({ timeout: 240_000 });
    await expect(dialog.getByText('3 rows were not imported.')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the rejected rows' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('lincoln-roster-rejected.csv');
    rejectedPath = await download.path();
    await shots(page, 'import-done');
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    // The athletes and their guardians, the director, two coaches and the super admin who set it up.
    await expect(page.getByText(`Showing 1–20 of ${297 + roster.guardians + 4} people`)).toBeVisible();
  });

  await test.step('the rejected rows come back as the school wrote them, with the errors', async () => {
    const [header, ...rows] = parseCsv(readFileSync(rejectedPath, 'utf8'));
    expect(header?.at(-1)).toBe('Errors');
    expect(header?.[0]).toBe('First Name');
    expect(rows.map((r) => r[1])).toEqual(['Email', 'Date', 'Team']);
    expect(rows[2]?.at(-1)).toContain('Team “Quidditch” does not exist');
  });

  await test.step('add an athlete whose surname starts with W from the team page', async () => {
    await nav(page, 'Teams').click();
    await page.getByRole('link', { name: /Girls Varsity Soccer/ }).click();
    await expect(page.getByRole('heading', { name: 'Girls Varsity Soccer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Roster · ${roster.soccer} athletes` })).toBeVisible();
    const picker = page.getByLabel('Add athletes');
    await picker.fill('W');
    // Surnames starting with W come first; each shows class and e-mail to tell namesakes apart.
    const wren = page.getByRole('option', { name: /Wren Whitaker/ });
    await picker.fill('Whit');
    await expect(wren).toBeVisible();
    await expect(wren).toContainText('wren.whitaker@students.lincoln.example');
    await expect(wren).toContainText('Class of 2029');
    await wren.click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add to roster' }).click();
    await expect(page.getByText('Added 1 athlete to Girls Varsity Soccer')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Roster · ${roster.soccer + 1} athletes` })).toBeVisible();
    await expect(page.getByText('Wren Whitaker', { exact: true })).toBeVisible();

    // A number in place, and a warning when another athlete wears it.
    await page.getByRole('button', { name: /^Jersey number for Wren Whitaker/ }).click();
    await page.getByRole('textbox', { name: 'Jersey number for Wren Whitaker' }).fill('1');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^#1 is also worn by /)).toBeVisible();
    await shots(page, 'team');

    // Removing offers Undo.
    await page.getByRole('button', { name: 'Remove Wren Whitaker from the roster' }).click();
    await expect(page.getByText('Wren Whitaker removed from Girls Varsity Soccer')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Wren Whitaker is back on Girls Varsity Soccer')).toBeVisible();
    await expect(page.getByText('Wren Whitaker', { exact: true })).toBeVisible();

    // The second coach joins from the team page's coach picker.
    await page.getByRole('link', { name: '← All teams' }).click();
    await page.getByRole('link', { name: /Boys Varsity Basketball/ }).click();
    await page.getByLabel('Add coaches').fill('Hayes');
    await page.getByRole('option', { name: /Jordan Hayes/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add coach' }).click();
    await expect(page.getByText('Added 1 coach to Boys Varsity Basketball')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Coaches · 1 coach' })).toBeVisible();
  });

  await test.step('link a guardian to an athlete in Edit person; the drawer is a URL', async () => {
    await nav(page, 'Users').click();
    await page.getByRole('textbox', { name: 'Search users' }).fill('whitaker');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await page.getByTestId('user-row').click();
    await expect(page).toHaveURL(/person=\d+/);
    const drawer = page.getByRole('dialog', { name: 'Person' });
    await expect(drawer.getByRole('heading', { name: 'Wren Whitaker' })).toBeVisible();
    await expect(drawer.getByText('Grade', { exact: false })).toBeVisible();
    await drawer.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Wren Whitaker' });
    await expect(edit.getByText('No guardian linked yet.', { exact: false })).toBeVisible();
    await edit.getByLabel('Link a guardian').fill('Pat Walker');
    await page.getByRole('option', { name: /^Pat Walker(?!\d)/ }).click();
    await edit.getByRole('combobox', { name: 'Relationship' }).first().click();
    await page.getByRole('option', { name: 'Father', exact: true }).click();
    await edit.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(page.getByText('Pat Walker linked as father of Wren Whitaker')).toBeVisible();
    await expect(edit.getByRole('combobox', { name: 'Pat Walker’s relationship to Wren Whitaker' })).toHaveValue(
      'Father',
    );
    await shots(page, 'edit-person');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer.getByText('Pat Walker')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Message' })).toBeVisible();
    await shots(page, 'person-drawer');
    // Back closes the drawer; the URL carries it, so Forward (or a shared link) opens it again.
    await page.goBack();
    await expect(page).not.toHaveURL(/person=/);
    await expect(drawer).toBeHidden();
    await page.goForward();
    await expect(drawer.getByRole('heading', { name: 'Wren Whitaker' })).toBeVisible();
    // "Message" opens the conversation (her guardian is in it: she is a minor).
    await drawer.getByRole('button', { name: 'Message' }).click();
    await expect(page).toHaveURL(/\/messages\/?\?.*roomId=\d+/);
    await expect(page.getByText('Wren Whitaker').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  });

  await test.step('filter the users by class', async () => {
    await nav(page, 'Users').click();
    await page.getByRole('combobox', { name: 'Filter by class' }).click();
    await page.getByRole('option', { name: 'Grade 10 · Class of 2029' }).click();
    await expect(page).toHaveURL(/graduationYear=2029/);
    await expect(page.getByTestId('user-row').first()).toContainText('2029');
    await page.getByRole('combobox', { name: 'Filter by class' }).click();
    await page.getByRole('option', { name: 'Grade 10 · Class of 2029' }).click();
    await expect(page).not.toHaveURL(/graduationYear=/);
  });

  await test.step('export users: every coach has their teams', async () => {
    // The export is the list as filtered: everyone, now.
    await page.getByRole('textbox', { name: 'Search users' }).fill('');
    await expect(page).toHaveURL(/search=&/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const [header, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8'));
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const coach = (email: string) => rows.find((r) => r[column('email')] === email);
    expect(coach('taylor.brooks@lincoln.example')?.[column('teams')]).toBe('Girls Varsity Soccer (head coach)');
    expect(coach('jordan.hayes@lincoln.example')?.[column('teams')]).toBe('Boys Varsity Basketball (head coach)');
    const wren = rows.find((r) => r[column('email')] === 'wren.whitaker@students.lincoln.example');
    expect(wren?.[column('teams')]).toBe('Girls Varsity Soccer');
    expect(wren?.[column('graduationYear')]).toBe('2029');
    expect(rows).toHaveLength(297 + roster.guardians + 4);
  });

  await test.step('Home counts the new school', async () => {
    await nav(page, 'Home').click();
    await expect(page.getByTestId('stat-Active athletes')).toHaveText('297');
    await expect(page.getByTestId('stat-Teams')).toHaveText('2');
    await expect(page.getByRole('heading', { name: 'Finish setting up Lincoln High School' })).toHaveCount(0);
    await shots(page, 'home-ready');
  });
});

test('a second school: set up from the switcher, and every screen follows the switch', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await page.goto('/auth/sign-in?redirect=%2Fhome%2F');
  await submitSignIn(page, ROOT.email, ROOT.password);
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), root$/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/· Lincoln High School$/)).toBeVisible();

  const switcher = page.getByRole('combobox', { name: 'Organization' });
  await switcher.click();
  await page.getByRole('option', { name: '+ Set up a new school' }).click();
  await expect(page.getByRole('heading', { name: 'Set up another school' })).toBeVisible();
  await page.getByLabel('School name').fill('Roosevelt Academy');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('America/New York');
  await page.getByRole('option', { name: 'America/New York' }).click();
  await page.getByRole('button', { name: 'Create school' }).click();
  await expect(page.getByRole('heading', { name: 'Set up Roosevelt Academy' })).toBeVisible();
  await expect(switcher).toHaveValue('Roosevelt Academy');
  await page.getByRole('button', { name: /School.*Roosevelt Academy/ }).click();
  await expect(page.getByText('in the America/New York time zone', { exact: false })).toBeVisible();

  // Every screen is the new school's: its heading, its (empty) lists and counts.
  await nav(page, 'Home').click();
  await expect(page.getByText(/· Roosevelt Academy$/)).toBeVisible();
  await expect(page.getByTestId('stat-Active athletes')).toHaveText('0');
  await expect(page.getByRole('heading', { name: 'Finish setting up Roosevelt Academy' })).toBeVisible();
  await expect(page.getByText('Your own conversations at Lincoln High School', { exact: false })).toBeVisible();
  await nav(page, 'Users').click();
  await expect(page.getByText('Showing 1–1 of 1 person', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No one here yet' })).toBeVisible();
  await nav(page, 'Teams').click();
  await expect(page.getByRole('heading', { name: 'No teams yet' })).toBeVisible();
  await nav(page, 'Messages').click();
  await expect(
    page.getByText('These are your own conversations at Lincoln High School.', { exact: false }),
  ).toBeVisible();
  await shots(page, 'messages-other-school');

  // And back.
  await switcher.click();
  await page.getByRole('option', { name: 'Lincoln High School' }).click();
  await nav(page, 'Home').click();
  await expect(page.getByText(/· Lincoln High School$/)).toBeVisible();
  await expect(page.getByTestId('stat-Active athletes')).toHaveText('297');
  await nav(page, 'Teams').click();
  await expect(page.getByText('2 teams · ', { exact: false })).toBeVisible();
});

test.describe('slow and failing answers', () => {
  // This journey breaks the API on purpose: the 500 it fakes is expected, nothing else is.
  test.use({ strictConsole: false, allowedConsoleErrors: /status of 500/ });

  test('the shell and a skeleton stay while a screen loads; a failed card says so and tries again', async ({
    page,
  }) => {
    test.setTimeout(2 * 60_000);
    await page.goto('/auth/sign-in?redirect=%2Fhome%2F');
    await submitSignIn(page, DIRECTOR.email, DIRECTOR.password);
    await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Marcus$/ })).toBeVisible({
      timeout: 20_000,
    });

    await page.route('**/api/user/list?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await nav(page, 'Users').click();
    await expect(page.getByLabel('Loading', { exact: true })).toBeVisible();
    await expect(nav(page, 'Users')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/user/list?**');

    await page.route('**/api/dashboard?**', (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, message: 'The database is not answering', id: 'internal' },
      }),
    );
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, message: 'The database is not answering', id: 'internal' },
      }),
    );
    await nav(page, 'Home').click();
    await page.reload();
    const failed = page.getByRole('alert').filter({ hasText: 'The school’s figures could not be loaded' });
    await expect(failed).toBeVisible({ timeout: 15_000 });
    await expect(failed).toContainText('The database is not answering');
    await page.screenshot({ path: 'e2e/.screenshots/first-week-home-card-error.png' });
    await page.unroute('**/api/dashboard?**');
    await page.unroute('**/api/dashboard');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('stat-Active athletes')).toHaveText('297');
  });
});
