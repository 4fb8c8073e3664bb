/**
 * `npm run seed` seeds the demo school on an empty database; `npm run seed -- --users 100000`
 * then adds that many generated users to its organization (for benchmarks), showing progress.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { bootstrap } from '../bootstrap.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { organizations } from '../db/schema/index.ts';
import { createIdentity } from '../identity/setup.ts';
import { seedBulkUsers } from './bulk.ts';

const { values } = parseArgs({ options: { users: { type: 'string' } } });
const wanted = values.users === undefined ? 0 : Number(values.users);
if (!Number.isInteger(wanted) || wanted < 0 || wanted > 5_000_000) {
  console.error('--users must be a whole number between 0 and 5000000');
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await runMigrations(database);
  const identity = await createIdentity(config, database, pino({ level: 'warn' }));
  const result = await bootstrap(database, identity.admin, { ...config, SEED_DEMO: true });
  if (result.kind === 'demo') console.log(`Seeded ${result.summary.counts.athletes} athletes and their school.`);
  if (wanted > 0) {
    const [org] = await database.db
      .select({ id: organizations.id })
      .from(organizations)
      .orderBy(organizations.id)
      .limit(1);
    if (!org) throw new Error('No organization to add users to');
    const started = Date.now();
    await seedBulkUsers(database.db, {
      count: wanted,
      organizationId: org.id,
      onProgress: (done) => process.stdout.write(`\r  users ${done.toLocaleString()} / ${wanted.toLocaleString()}`),
    });
    process.stdout.write(
      `\nAdded ${wanted.toLocaleString()} users in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  }
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
