/**
 * GET /api/user/list at scale: 100,000 generated users, a search term, a sort and page 50.
 * `--schools 200 --users 1000000`: a district, the users spread over 200 schools, the list read
 * by the first school's super admin (a list is always one school's).
 * Prints p50/p95 of the endpoint (through Fastify, with authentication and the presenter) and of
 * the same two SQL statements (the page with its presented teams, the count) run directly through
 * the driver (the baseline), their ratio, and the query plan. Then the CSV export of the whole
 * school (`GET /api/user/export`, 1,000-row keyset pages) against one statement reading every row
 * with its presented teams in the same order.
 * `DATABASE_URL=postgres://… node --import tsx bench/user-list.ts [--users N]`
 * (PGlite in a temp dir without DATABASE_URL). The target database should be empty.
 */
import { parseArgs } from 'node:util';
import { userListQuerySchema } from '@fieldhouse/shared';
import { count, eq, sql } from 'drizzle-orm';
import { bootstrap } from '../apps/server/src/bootstrap.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { userListFilter, userListPage } from '../apps/server/src/modules/users/list-users.ts';
import { addBenchSchools, seedBulkUsers } from '../apps/server/src/seed/bulk.ts';
import { DEMO_ADMIN } from '../apps/server/src/seed/demo.ts';
import { signIn } from '../apps/server/src/simulate/simulate.ts';
import { startBenchApp } from './bench-app.ts';
import { measureP95 } from './stats.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    schools: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '200' },
    'export-rounds': { type: 'string', default: '5' },
  },
});
const bench = await startBenchApp();
const { app, config, database } = bench;
await bootstrap(database, app.identity.admin, { ...config, SEED_DEMO: true });
const [{ id: organizationId } = { id: 0 }] = await database.db
  .execute<{ id: number }>(sql`select min(id) as id from organizations`)
  .then((r) => r.rows);
const [existing] = await database.db.select({ n: count() }).from(users);
const wanted = Number(values.users);
if ((existing?.n ?? 0) < wanted) {
  const schools = Number(values.schools);
  process.stdout.write(`seeding ${wanted.toLocaleString()} users over ${schools} schools on ${database.kind}…\n`);
  const more = await addBenchSchools(database.db, schools - 1);
  await seedBulkUsers(database.db, {
    count: wanted,
    organizationId: [organizationId, ...more],
    onProgress: (done) => process.stdout.write(`\r  users ${done.toLocaleString()}`),
  });
  process.stdout.write('\n');
  await database.db.execute(sql`analyze`);
}

const token = await signIn(bench.base, DEMO_ADMIN.email, DEMO_ADMIN.password);
const measure = (label: string, fn: () => Promise<unknown>) => measureP95(label, fn, { rounds: Number(values.rounds) });

const client = (database.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } })
  .$client;
const [school] = await database.db.select({ n: count() }).from(users).where(eq(users.organizationId, organizationId));
const schoolSize = school?.n ?? 0;
const [everyone] = await database.db.select({ n: count() }).from(users);
for (const term of ['johnson', 'son']) {
  const get = (page: number) =>
    app.inject({
      url: `/api/user/list?search=${term}&sort=firstName&order=asc&page=${page}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const matches = ((await get(1)).json() as { data: { paginationInfo: { totalCount: number } } }).data.paginationInfo
    .totalCount;
  // Page 50, or the last page when a school has fewer matches.
  const page = Math.max(1, Math.min(50, Math.ceil(matches / 20)));
  const url = `/api/user/list?search=${term}&sort=firstName&order=asc&page=${page}`;
  const query = userListQuerySchema.parse({ search: term, sort: 'firstName', order: 'asc', page: String(page) });
  const where = userListFilter(organizationId, query);
  const rowsSql = userListPage(database.db, where, query).toSQL();
  const countSql = database.db.select({ n: count() }).from(users).where(where).toSQL();
  const direct = async () => {
    await client.query(rowsSql.sql, rowsSql.params);
    await client.query(countSql.sql, countSql.params);
  };
  const endpoint = async () => {
    const res = await get(page);
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  process.stdout.write(
    `\n${database.kind}: ${url} (${matches.toLocaleString()} matches in a school of ${schoolSize.toLocaleString()}; ${(everyone?.n ?? 0).toLocaleString()} users in all)\n`,
  );
  const baseline = await measure('same SQL through the driver', direct);
  const api = await measure('GET /api/user/list (endpoint)', endpoint);
  process.stdout.write(`  endpoint / direct SQL at p95: ${(api / baseline).toFixed(2)}×\n  plans:\n`);
  for (const statement of [rowsSql, countSql]) {
    const plan = (await client.query(`explain ${statement.sql}`, statement.params)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    for (const row of plan.rows.filter((r) => /Scan|Sort|Limit|Aggregate/.test(r['QUERY PLAN'])))
      process.stdout.write(`    ${row['QUERY PLAN'].trim()}\n`);
  }
}

// The export: the whole school, by last name (a nullable column, so its keyset handles NULLs).
const exportQuery = userListQuerySchema.parse({ sort: 'lastName', order: 'asc' });
const allSql = userListPage(database.db, userListFilter(organizationId, exportQuery), {
  ...exportQuery,
  limit: Math.max(1, schoolSize),
}).toSQL();
const measureExport = (label: string, fn: () => Promise<unknown>) =>
  measureP95(label, fn, { rounds: Number(values['export-rounds']), width: 46 });
process.stdout.write(`\n${database.kind}: /api/user/export?sort=lastName (${schoolSize.toLocaleString()} people)\n`);
const wholeSchool = await measureExport('every row in one statement through the driver', () =>
  client.query(allSql.sql, allSql.params),
);
const exported = await measureExport('GET /api/user/export (endpoint, CSV)', async () => {
  const res = await app.inject({
    url: '/api/user/export?sort=lastName',
    headers: { authorization: `Bearer ${token}` },
  });
  const lines = res.body.split('\r\n').length - 2;
  if (res.statusCode !== 200 || lines !== schoolSize) throw new Error(`export: ${res.statusCode}, ${lines} rows`);
});
process.stdout.write(`  export / one statement at p95: ${(exported / wholeSchool).toFixed(2)}×\n`);
await bench.close();
