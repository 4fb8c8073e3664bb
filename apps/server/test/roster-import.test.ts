import { parseCsv } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
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
        email: 'not-an-email',
        errors: expect.arrayContaining(['email is not a valid e-mail', 'dateOfBirth must be YYYY-MM-DD']),
      },
      { row: 32, email: 'lost@students.example', errors: ['team "Curling" does not exist'] },
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
    expect(res.json().message).toMatch(/^Missing column\(s\): firstName, lastName, email/);
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
});
