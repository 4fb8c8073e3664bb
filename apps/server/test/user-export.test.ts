/**
 * The CSV export's paging (`exportUsers`): it reads the list 1,000 rows at a time by a keyset
 * cursor, so the pages hold together while the roster changes under a streaming download, and
 * every sort keeps the list's order (NULLs, ties, timestamps to the microsecond).
 */
import { parseCsv, type UserListQuery } from '@fieldhouse/shared';
import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { exportUsers } from '../src/modules/users/list-users.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { buildSchool, type School } from './helpers/directory.ts';

let app: TestApp;
let school: School;

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app);
});
afterAll(async () => {
  await app.close();
});

const query = (q: Partial<UserListQuery>): UserListQuery => ({
  page: 1,
  limit: 20,
  sort: 'email',
  order: 'asc',
  search: '',
  type: '',
  ...q,
});

/** Adds `n` people whose e-mail ends in `@<domain>`, built by `fields(i)`. */
async function addPeople(
  n: number,
  domain: string,
  fields: (i: number) => Partial<PgInsertValue<typeof users>> = () => ({}),
) {
  await app.database.db.insert(users).values(
    Array.from({ length: n }, (_, i) => ({
      email: `p${String(i).padStart(4, '0')}@${domain}`,
      firstName: 'Export',
      lastName: `Person${i}`,
      role: 'PARENT' as const,
      organizationId: school.org.id,
      ...fields(i),
    })),
  );
}

/** The e-mails an export yields, the header dropped. */
const emailsOf = (lines: string[]) =>
  parseCsv(lines.join(''))
    .slice(1)
    .map((r) => r[3]);

describe('user export paging', () => {
  it('keeps its place when people are removed and added between its pages', async () => {
    await addPeople(1_050, 'moving.example');
    const lines: string[] = [];
    const rows = exportUsers(app.database.db, school.org.id, query({ search: 'moving.example' }));
    // The header and the whole first page: the generator then waits to read the second.
    for (let i = 0; i < 2; i++) lines.push((await rows.next()).value as string);
    expect(emailsOf(lines)).toHaveLength(1_000);
    // Ten already written leave the school, one joins ahead of the cursor, one behind it.
    await app.database.db.delete(users).where(like(users.email, 'p000_@moving.example'));
    await addPeople(1, 'moving.example', () => ({ email: 'a-new@moving.example' }));
    await addPeople(1, 'moving.example', () => ({ email: 'z-new@moving.example' }));
    for await (const line of rows) lines.push(line);

    const emails = emailsOf(lines);
    // With offset paging the second page would start ten rows late and skip p1000–p1009. The
    // newcomer behind the cursor is not lost either: whoever matches and was passed over goes last.
    const everyone = Array.from({ length: 1_050 }, (_, i) => `p${String(i).padStart(4, '0')}@moving.example`);
    expect(emails).toEqual([...everyone, 'z-new@moving.example', 'a-new@moving.example']);
  });

  it('lists a person once whose sort value moves across the cursor while the file streams', async () => {
    await addPeople(2_050, 'renamed.example', (i) => ({ lastName: `Family${String(i).padStart(4, '0')}` }));
    const rows = exportUsers(app.database.db, school.org.id, query({ search: 'renamed.example', sort: 'lastName' }));
    const lines = [(await rows.next()).value as string, (await rows.next()).value as string];
    // One already written moves ahead of the cursor, one not yet reached moves behind it.
    const rename = (email: string, lastName: string) =>
      app.database.db.update(users).set({ lastName }).where(eq(users.email, email));
    await rename('p0005@renamed.example', 'Zimmer');
    await rename('p1500@renamed.example', 'Abbott');
    for await (const line of rows) lines.push(line);

    const emails = emailsOf(lines);
    expect(emails).toHaveLength(2_050);
    expect(new Set(emails).size).toBe(2_050);
    // The one passed over comes last, as it reads now.
    expect(parseCsv(lines.join('')).at(-1)?.slice(2, 4)).toEqual(['Abbott', 'p1500@renamed.example']);
  });

  it.each([
    ['graduationYear', 'asc'],
    ['graduationYear', 'desc'],
    ['lastName', 'asc'],
    ['lastName', 'desc'],
    ['createdAt', 'asc'],
    ['createdAt', 'desc'],
  ] as const)('pages by %s %s in the list’s own order', async (sort, order) => {
    const domain = `${sort}-${order}.example`.toLowerCase();
    // NULLs in a third of the rows, long runs of ties, and timestamps a microsecond apart (a
    // cursor held as a JS Date would lose them and repeat or skip rows at the page's edge).
    await addPeople(2_100, domain, (i) => ({
      graduationYear: i % 3 === 0 ? null : 2027 + (i % 4),
      lastName: i % 3 === 1 ? null : `Family${i % 7}`,
      createdAt: sql`timestamp '2026-08-20 08:00:00' + ${i % 1_500} * interval '1 microsecond'`,
    }));
    const lines: string[] = [];
    for await (const line of exportUsers(app.database.db, school.org.id, query({ search: domain, sort, order }))) {
      lines.push(line);
    }
    const direction = order === 'desc' ? desc : asc;
    const expected = await app.database.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.organizationId, school.org.id), like(users.email, `%@${domain}`)))
      .orderBy(direction(users[sort]), direction(users.id));
    expect(emailsOf(lines)).toEqual(expected.map((r) => r.email));
  });
});
