/**
 * `npm run seed` seeds the demo school on an empty database; `npm run seed -- --users 100000`
 * then adds that many generated users to its organization (for benchmarks; `--schools 200`
 * spreads them over that many schools, the first one's and new ones), and
 * `--messages 10000000` that many messages in its director's conversations, showing progress.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { bootstrap } from '../bootstrap.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { organizations } from '../db/schema/index.ts';
import { createIdentity } from '../identity/setup.ts';
import { addBenchSchools, seedBulkUsers } from './bulk.ts';
import { seedBulkMessages } from './bulk-messages.ts';

const { values } = parseArgs({
  options: { users: { type: 'string' }, schools: { type: 'string' }, messages: { type: 'string' } },
});
const wholeNumber = (value: string | undefined, name: string, max: number) => {
  const n = value === undefined ? 0 : Number(value);
  if (Number.isInteger(n) && n >= 0 && n <= max) return n;
  console.error(`--${name} must be a whole number between 0 and ${max}`);
  process.exit(2);
};
const wanted = wholeNumber(values.users, 'users', 5_000_000);
const wantedMessages = wholeNumber(values.messages, 'messages', 50_000_000);
// --schools N: the first school and N − 1 new ones share the generated users (a district).
const schoolCount = Math.max(1, wholeNumber(values.schools, 'schools', 10_000));

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await runMigrations(database);
  const identity = await createIdentity(config, database, pino({ level: 'warn' }));
  const result = await bootstrap(database, identity.admin, { ...config, SEED_DEMO: true });
  if (result.kind === 'demo') console.log(`Seeded ${result.summary.counts.athletes} athletes and their school.`);
  const [org] = await database.db
    .select({ id: organizations.id })
    .from(organizations)
    .orderBy(organizations.id)
    .limit(1);
  if (!org && wanted + wantedMessages > 0) throw new Error('No organization to add users to');
  if (org && wanted > 0) {
    const started = Date.now();
    const more = await addBenchSchools(database.db, schoolCount - 1);
    await seedBulkUsers(database.db, {
      count: wanted,
      organizationId: [org.id, ...more],
      onProgress: (done) => process.stdout.write(`\r  users ${done.toLocaleString()} / ${wanted.toLocaleString()}`),
    });
    process.stdout.write(
      `\nAdded ${wanted.toLocaleString()} users${schoolCount > 1 ? ` over ${schoolCount} schools` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  }
  if (org && wantedMessages > 0) {
    const started = Date.now();
    const { rooms } = await seedBulkMessages(database.db, {
      count: wantedMessages,
      organizationId: org.id,
      onProgress: (done) =>
        process.stdout.write(`\r  messages ${done.toLocaleString()} / ${wantedMessages.toLocaleString()}`),
    });
    process.stdout.write(
      `\nAdded ${wantedMessages.toLocaleString()} messages in ${rooms.toLocaleString()} conversations in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  }
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
