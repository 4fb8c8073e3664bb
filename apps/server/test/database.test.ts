import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { users } from '../src/db/schema/index.ts';
import { createEmptyDatabaseUrl, createTestDatabase, type TestDatabase } from './helpers/db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const tableNames = async () =>
  (
    await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )
  ).rows.map((r) => r.table_name);

describe('migrations', () => {
  it('create every table of the foundation', async () => {
    expect(await tableNames()).toEqual(
      expect.arrayContaining([
        'organizations',
        'sports',
        'users',
        'teams',
        'team_members',
        'coaches',
        'team_coaches',
        'guardian_links',
      ]),
    );
  });

  it('are a no-op the second time', async () => {
    const before = await tableNames();
    await runMigrations(database);
    expect(await tableNames()).toEqual(before);
  });

  it('index the user search text with trigrams, each school’s apart', async () => {
    const { rows } = await database.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'users_org_search_trgm_idx'`,
    );
    expect(rows[0]?.indexdef).toMatch(/gist \(organization_id, search_text gist_trgm_ops\)/);
  });

  it('fold case and accents in the search text', async () => {
    await database.db.insert(users).values([
      { email: 'zoe.nunez@school.example', firstName: 'Zoë', lastName: 'Núñez' },
      { email: 'liam.smith@school.example', firstName: 'Liam', lastName: 'Smith' },
    ]);
    const { rows } = await database.db.execute<{ email: string }>(
      sql`select email from users where search_text like '%' || lower(fh_unaccent(${'ZOE NUN'})) || '%'`,
    );
    expect(rows.map((r) => r.email)).toEqual(['zoe.nunez@school.example']);
  });

  it('keep e-mails unique', async () => {
    await expect(
      database.db.insert(users).values({ email: 'liam.smith@school.example', firstName: 'Other' }),
    ).rejects.toThrow();
  });
});

describe('concurrent start-up', () => {
  it('lets two nodes migrate one PostgreSQL database at once', async (context) => {
    const empty = await createEmptyDatabaseUrl();
    if (!empty) return context.skip('PostgreSQL only (TEST_DATABASE_URL)');
    const nodes = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: empty.url, dataDir: '' })));
    try {
      await Promise.all(nodes.map((node) => runMigrations(node)));
      const [node] = nodes;
      if (!node) throw new Error('no node');
      const { rows } = await node.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await empty.drop();
    }
  });
});
