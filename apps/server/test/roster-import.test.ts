import { applyMapping, graduationYearFor, matchColumns, parseCsv, ROSTER_FIELDS } from '@fieldhouse/shared';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, guardianLinks, mailOutbox, teamMembers, teams, users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { buildSchool, type School } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';

let app: TestApp;
let school: School;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app);
  token = (await signInAs(app, school.director.email)).idToken;
});
afterAll(async () => {
  await app.close();
});

const HEADER =
  'firstName,lastName,email,dateOfBirth,contactNumber,team,jerseyNumber,guardianFirstName,guardianLastName,guardianEmail,guardianPhone,guardianRelationship';
const rosterRow = (i: number) =>
  `Player${i},Family${i},player${i}@students.example,2010-04-0${(i % 9) + 1},,Girls Varsity Basketball,${i},Parent${i},Family${i},parent${i}@families.example,(217) 555-01${String(i).padStart(2, '0')},Mother`;

const upload = (csv: string, query = '') =>
  app.inject({
    method: 'POST',
    url: `/api/user/import${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: csv,
  });

describe('roster import', () => {
  it('reports every bad row and imports nothing', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => rosterRow(i + 1));
    rows[9] = 'Bad,Row,not-an-email,2010-13-45,,Girls Varsity Basketball,1,,,,,';
    rows[30] = 'Lost,Team,lost@students.example,,,Curling,1,,,,,';
    const res = await upload([HEADER, ...rows].join('\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('2 of 50 rows have errors; nothing was imported');
    const bad = res.json().data.rows.filter((r: { errors: string[] }) => r.errors.length);
    expect(bad).toEqual([
      {
        row: 11,
        name: 'Bad Row',
        email: 'not-an-email',
        errors: [
          'E-mail “not-an-email” is not a valid address',
          'Date of birth “2010-13-45” is not a date; use 4/15/2010 or 2010-04-15',
        ],
      },
      {
        row: 32,
        name: 'Lost Team',
        email: 'lost@students.example',
        errors: ['Team “Curling” does not exist at Westfield High; add it on the Teams page or correct the name'],
      },
    ]);
    expect(await app.testDatabase.db.select().from(users).where(eq(users.email, 'player1@students.example'))).toEqual(
      [],
    );
  });

  it('previews, then imports all rows with teams, guardians and invites', async () => {
    const csv = [HEADER, ...Array.from({ length: 12 }, (_, i) => rosterRow(i + 1))].join('\r\n');
    const preview = await upload(csv, '?dryRun=true');
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ dryRun: true, totalRows: 12, validRows: 12, created: { athletes: 0 } });
    const done = await upload(csv);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.created).toEqual({ athletes: 12, guardians: 12, memberships: 12 });
    const [athlete] = await app.testDatabase.db.select().from(users).where(eq(users.email, 'player3@students.example'));
    expect(athlete).toMatchObject({ role: 'ATHLETE', organizationId: school.org.id });
    expect(athlete?.identitySub).toBeTruthy();
    // Importing the same file again: every row now conflicts.
    expect((await upload(csv)).statusCode).toBe(422);
  });

  it('refuses files without the needed columns', async () => {
    const res = await upload('name,mail\nA,b@c.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Missing column\(s\): First name, Last name, E-mail/);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await app.inject({
      url: '/api/user/export?type=ATHLETE&sort=email',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(res.body);
    expect(header?.slice(0, 4)).toEqual(['id', 'firstName', 'lastName', 'email']);
    expect(rows.every((r) => r[4] === 'ATHLETE')).toBe(true);
    expect(rows.map((r) => r[3])).toEqual([...rows.map((r) => r[3])].sort());
    expect(rows.find((r) => r[3] === 'player3@students.example')?.[8]).toBe('Girls Varsity Basketball');
  });

  it('exports each coach’s teams and the class', async () => {
    const res = await app.inject({
      url: '/api/user/export?type=COACH',
      headers: { authorization: `Bearer ${token}` },
    });
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toContain('graduationYear');
    const teamsColumn = header?.indexOf('teams') as number;
    expect(rows.find((r) => r[3] === school.coach.email)?.[teamsColumn]).toBe('Girls Varsity Basketball (head coach)');
  });

  it('exports a list longer than one read page, each person once and in order', async () => {
    // Past the export's 1,000-row page: the second page must follow the first exactly.
    await app.database.db.insert(users).values(
      Array.from({ length: 1_050 }, (_, i) => ({
        email: `family${String(i).padStart(4, '0')}@many.example`,
        firstName: 'Many',
        lastName: `Family${i}`,
        role: 'PARENT' as const,
        organizationId: school.org.id,
      })),
    );
    const res = await app.inject({
      url: '/api/user/export?type=PARENT&search=many.example&sort=email&order=desc',
      headers: { authorization: `Bearer ${token}` },
    });
    const emails = parseCsv(res.body)
      .slice(1)
      .map((r) => r[3]);
    expect(emails).toHaveLength(1_050);
    expect(emails[0]).toBe('family1049@many.example');
    expect(emails.at(-1)).toBe('family0000@many.example');
    expect(new Set(emails).size).toBe(1_050);
  });
});

/** What the web's mapping step does: match the headers, then send rows of our fields. */
function mapped(csv: string) {
  const [header = [], ...lines] = parseCsv(csv);
  return applyMapping(lines, matchColumns(header, ROSTER_FIELDS)).map((values, i) => ({
    row: i + 2,
    values: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')),
  }));
}

const postRows = (rows: unknown, dryRun: boolean) =>
  app.inject({
    method: 'POST',
    url: '/api/user/import/rows',
    headers: { authorization: `Bearer ${token}` },
    payload: { rows, dryRun },
  });

describe('roster import with column mapping', () => {
  const HUMAN =
    'First Name,Last,Student Email,DOB,Grad Year,Team,Jersey #,Parent Name,Parent 1 Email,Parent Phone,Relationship,Parent 2 Name,Parent 2 Email';
  const human = (i: number, family = i) =>
    `Kid${i},Fam${family},kid${i}@students.example,4/${(i % 28) + 1}/2010,2028,Girls JV Basketball,${i},Pat Fam${family},pat${family}@families.example,(217) 555-02${String(i % 100).padStart(2, '0')},Mother,Chris Fam${family},chris${family}@families.example`;

  it('matches common headers to fields', () => {
    const mapping = matchColumns(HUMAN.split(','), ROSTER_FIELDS);
    expect(mapping).toMatchObject({
      firstName: 0,
      lastName: 1,
      email: 2,
      dateOfBirth: 3,
      graduationYear: 4,
      team: 5,
      jerseyNumber: 6,
      guardianName: 7,
      guardianEmail: 8,
      guardianPhone: 9,
      guardianRelationship: 10,
      guardian2Name: 11,
      guardian2Email: 12,
    });
  });

  it('lists every error of every row at once, in words, and answers 200', async () => {
    const lines = [HUMAN, human(1), human(2), human(3)];
    lines[2] = ',Fam2,kid2@students,13/45/2010,20x8,Quidditch,123456,,pat2@families,,,,';
    const res = await postRows(mapped(lines.join('\n')), true);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ dryRun: true, totalRows: 3, validRows: 2 });
    expect(data.rows[1]).toEqual({
      row: 3,
      name: 'Fam2',
      email: 'kid2@students',
      errors: [
        'First name is missing',
        'E-mail “kid2@students” is not a valid address',
        'Date of birth “13/45/2010” is not a date; use 4/15/2010 or 2010-04-15',
        'Graduation year “20x8” is not a year such as 2028',
        'Team “Quidditch” does not exist at Westfield High; add it on the Teams page or correct the name',
        'Jersey number “123456” is longer than 4 characters',
        'Guardian e-mail “pat2@families” is not a valid address',
        'Guardian first name is missing',
      ],
    });
    expect(res.json().message).toBe('2 rows ready; 1 row needs fixing');
  });

  it('imports the valid rows, reports the rest, and shares guardians between siblings', async () => {
    const lines = [HUMAN, human(11), human(12, 11), human(13), 'Dup,Row,kid11@students.example,,,,,,,,,,'];
    const res = await postRows(mapped(lines.join('\n')), false);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      [],
      [],
      [],
      ['E-mail “kid11@students.example” is already on row 2 of this file'],
    ]);
    expect(data.created).toEqual({ athletes: 3, guardians: 4, memberships: 3 });
    expect(res.json().message).toBe('Imported 3 athletes and 4 new guardians');
    const db = app.testDatabase.db;
    const [kid] = await db.select().from(users).where(eq(users.email, 'kid12@students.example'));
    expect(kid).toMatchObject({ dateOfBirth: '2010-04-13', graduationYear: 2028, role: 'ATHLETE' });
    const links = await db
      .select({ relationship: guardianLinks.relationship, isPrimary: guardianLinks.isPrimary, email: users.email })
      .from(guardianLinks)
      .innerJoin(users, eq(users.id, guardianLinks.guardianId))
      .where(eq(guardianLinks.athleteId, kid?.id as number));
    expect(links.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { relationship: 'Guardian', isPrimary: false, email: 'chris11@families.example' },
      { relationship: 'Mother', isPrimary: true, email: 'pat11@families.example' },
    ]);
    const [pat] = await db.select().from(users).where(eq(users.email, 'pat11@families.example'));
    expect(pat).toMatchObject({ firstName: 'Pat', lastName: 'Fam11', role: 'PARENT', contactNumber: '(217) 555-0211' });
    expect(pat?.identitySub).toBeTruthy();
    const [membership] = await db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.userId, kid?.id as number));
    expect(membership?.jerseyNumber).toBe('12');
    const invites = await db.select().from(mailOutbox).where(like(mailOutbox.to, 'kid1_@students.example'));
    expect(invites.map((m) => m.to).sort()).toEqual([
      'kid11@students.example',
      'kid12@students.example',
      'kid13@students.example',
    ]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.import'), like(auditLog.summary, '%3 athletes%')));
    expect(audit?.summary).toBe('Imported a roster: 3 athletes, 4 new guardians, 3 team places');

    // The same rows again: every athlete is now known, nothing is written, still an answer.
    const again = await postRows(mapped(lines.slice(0, 2).join('\n')), false);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.rows[0].errors).toEqual([
      'Someone with the e-mail “kid11@students.example” is already in Fieldhouse',
    ]);
    expect(again.json().data.created).toEqual({ athletes: 0, guardians: 0, memberships: 0 });
  });

  it('takes a grade when there is no graduation year, and written or ISO dates', async () => {
    const rows = [
      { row: 2, values: { firstName: 'Gia', lastName: 'Grade', email: 'gia@students.example', grade: 'Sophomore' } },
      {
        row: 3,
        values: {
          firstName: 'Ivy',
          lastName: 'Iso',
          email: 'ivy@students.example',
          dateOfBirth: '2011-02-03',
          grade: '9th',
        },
      },
      {
        row: 4,
        values: { firstName: 'Wes', lastName: 'Word', email: 'wes@students.example', dateOfBirth: 'Mar 4, 2010' },
      },
    ];
    const res = await postRows(rows, false);
    expect(res.json().data.created.athletes).toBe(3);
    const found = await app.testDatabase.db
      .select({ email: users.email, dateOfBirth: users.dateOfBirth, graduationYear: users.graduationYear })
      .from(users)
      .where(inArray(users.email, ['gia@students.example', 'ivy@students.example', 'wes@students.example']));
    expect(found.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'gia@students.example', dateOfBirth: null, graduationYear: graduationYearFor(10) },
      { email: 'ivy@students.example', dateOfBirth: '2011-02-03', graduationYear: graduationYearFor(9) },
      { email: 'wes@students.example', dateOfBirth: '2010-03-04', graduationYear: null },
    ]);
    const list = await app.inject({
      url: `/api/user/list?graduationYear=${graduationYearFor(10)}&type=ATHLETE`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().data.result.map((u: { email: string }) => u.email)).toEqual(['gia@students.example']);
  });

  it('matches active teams only, and refuses a name two active teams share', async () => {
    const db = app.testDatabase.db;
    const season = {
      organizationId: school.org.id,
      sportId: school.sport.id,
      gender: 'GIRLS',
      season: 'WINTER',
    } as const;
    // Last season's varsity, archived under the same name (and added after this season's).
    const added = await db
      .insert(teams)
      .values([
        { ...season, name: 'Girls Varsity Basketball', schoolYear: '2024-25', status: 'ARCHIVED' },
        { ...season, name: 'Girls Freshman Basketball', schoolYear: '2024-25', status: 'ARCHIVED' },
        { ...season, name: 'Girls Soccer', schoolYear: '2026-27' },
        { ...season, name: 'girls soccer ', schoolYear: '2026-27' },
      ])
      .returning({ id: teams.id });
    const row = (i: number, team: string) => ({
      row: i + 1,
      values: { firstName: `Tess${i}`, lastName: 'Team', email: `tess${i}@students.example`, team },
    });
    const res = await postRows(
      [row(1, 'Girls Varsity Basketball'), row(2, 'Girls Freshman Basketball'), row(3, 'Girls Soccer')],
      false,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      [],
      [
        'Team “Girls Freshman Basketball” does not exist at Westfield High; add it on the Teams page or correct the name',
      ],
      ['“Girls Soccer” is the name of more than one team at Westfield High; rename one on the Teams page'],
    ]);
    const [tess] = await db.select().from(users).where(eq(users.email, 'tess1@students.example'));
    const places = await db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.userId, tess?.id as number));
    expect(places.map((p) => p.teamId)).toEqual([school.varsity.id]);
    await db.delete(teams).where(
      inArray(
        teams.id,
        added.map((t) => t.id),
      ),
    );
  });

  it('refuses unknown fields and oversized files, and another school’s id', async () => {
    const unknown = await postRows([{ row: 2, values: { firstName: 'A', nickname: 'B' } }], true);
    expect(unknown.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/user/import/rows',
      headers: { authorization: `Bearer ${token}` },
      payload: { rows: [{ row: 2, values: {} }], dryRun: true, commit: true },
    });
    expect(extra.statusCode).toBe(400);
    const big = Array.from({ length: 5001 }, (_, i) => ({ row: i + 2, values: { firstName: 'A' } }));
    expect((await postRows(big, true)).statusCode).toBe(400);
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/user/import/rows?organizationId=${school.org.id + 1000}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { rows: [{ row: 2, values: {} }], dryRun: true },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('checks 5,000 rows in one answer', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      row: i + 2,
      values: {
        firstName: `Big${i}`,
        lastName: 'Roster',
        email: `big${i}@students.example`,
        dateOfBirth: `${(i % 12) + 1}/${(i % 28) + 1}/2010`,
        team: i % 2 ? 'Girls JV Basketball' : '',
        guardianName: `Pat Roster${i}`,
        guardianEmail: `pat.roster${i}@families.example`,
      },
    }));
    const started = Date.now();
    const res = await postRows(rows, true);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toMatchObject({ totalRows: 5000, validRows: 5000 });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('the CSV endpoint understands the same headers and dates', async () => {
    const res = await upload([HUMAN, human(21), human(22)].join('\n'), '?dryRun=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ totalRows: 2, validRows: 2 });
  });
});
