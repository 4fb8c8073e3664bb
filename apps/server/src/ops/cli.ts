/**
 * The operator's commands, run from the repository root with the server's environment (.env):
 *
 *   npm run migrate                              apply pending migrations and exit
 *   npm run backup -- <file>                     write a backup (PGlite: stop the server first)
 *   npm run restore -- <file>                    restore into a new DATA_DIR / empty database
 *   npm run admin -- create-super-admin --email <e> [--password <p>] [--first-name <f>] [--last-name <l>]
 *   npm run admin -- reset-password --email <e> [--password <p>]
 *
 * A failure is one line on stderr and exit code 1; a wrong command line is exit code 2.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { runMigrations } from '../db/migrate.ts';
import { identityAccounts } from '../db/schema/index.ts';
import { IdentityError } from '../identity/errors.ts';
import { checkPasswordPolicy } from '../identity/passwords.ts';
import { createIdentity } from '../identity/setup.ts';
import { createSuperAdmin, resetPassword } from './admin-commands.ts';
import { backup, identitySecretOf, OpsError } from './backup.ts';
import { BackupFormatError } from './backup-file.ts';
import { loadDotEnv } from './dot-env.ts';
import { restore } from './restore.ts';
import { migrationLevel } from './tables.ts';

const USAGE = `Usage:
  npm run migrate
  npm run backup -- <file>
  npm run restore -- <file>
  npm run admin -- create-super-admin --email <e-mail> [--password <password>] [--first-name <name>] [--last-name <name>]
  npm run admin -- reset-password --email <e-mail> [--password <password>]`;

class UsageError extends Error {}

const say = (line: string) => process.stdout.write(`${line}\n`);
/** Paths on the command line mean where npm was run, not the folder of this script. */
const pathArg = (value: string) => resolve(process.env.INIT_CWD ?? process.cwd(), value);

const open = (config: Config) => openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const where = (config: Config) => (config.DATABASE_URL ? 'PostgreSQL' : `PGlite (${config.DATA_DIR})`);

async function withDatabase<T>(config: Config, run: (database: Database) => Promise<T>): Promise<T> {
  const database = await open(config);
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

function oneFile(args: string[], command: string) {
  const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError(`${command} needs one file name`);
  return pathArg(positionals[0] as string);
}

async function migrate(config: Config) {
  await withDatabase(config, async (database) => {
    const before = await migrationLevel(database.db);
    await runMigrations(database);
    const after = await migrationLevel(database.db);
    const applied = after.count - before.count;
    say(
      applied === 0
        ? `${where(config)} is up to date (${after.count} migrations).`
        : `Applied ${applied} migration${applied === 1 ? '' : 's'} to ${where(config)} (now ${after.count}).`,
    );
  });
}

async function admin(config: Config, args: string[]) {
  const [command, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  if (command !== 'create-super-admin' && command !== 'reset-password') {
    throw new UsageError(`unknown admin command ${command ?? '(none)'}`);
  }
  if (!values.email) throw new UsageError(`${command} needs --email`);
  const email = values.email;
  await withDatabase(config, async (database) => {
    await runMigrations(database);
    // A key file made here would not be the server's: accounts sealed with it could not sign in.
    if (config.IDENTITY_MODE === 'embedded' && !identitySecretOf(config) && (await migrationLevel(database.db)).count) {
      const [accounts] = await database.db.select({ n: count() }).from(identityAccounts);
      if ((accounts?.n ?? 0) > 0) {
        throw new OpsError(
          `No identity secret in ${config.DATA_DIR}: run this with the server's DATA_DIR, or its IDENTITY_SECRET.`,
        );
      }
    }
    const identity = await createIdentity(config, database, pino({ level: 'error' }));
    if (command === 'create-super-admin') {
      const policy = identity.embedded?.pool.options.passwordPolicy;
      const result = await createSuperAdmin(
        database,
        identity.admin,
        { email, password: values.password, firstName: values['first-name'], lastName: values['last-name'] },
        (password) => policy && checkPasswordPolicy(password, policy),
      );
      say(`Created super admin ${result.email} on ${where(config)}.`);
      if (result.temporaryPassword) {
        say(`Temporary password: ${result.temporaryPassword}  (they choose their own at first sign-in)`);
      }
    } else {
      const result = await resetPassword(database, identity.admin, { email, password: values.password });
      say(`New password set for ${result.email}; their sign-ins have ended.`);
      if (result.temporaryPassword) {
        say(`Temporary password: ${result.temporaryPassword}  (they choose their own at first sign-in)`);
      }
      if (!result.enabled) say('Their account is switched off: an administrator switches it on in the app.');
    }
    await identity.embedded?.mailer.drain();
  });
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === 'help') {
    say(USAGE);
    return;
  }
  loadDotEnv();
  const config = loadConfig();
  switch (command) {
    case 'migrate':
      return migrate(config);
    case 'backup': {
      const file = oneFile(args, 'backup');
      say(`Backing up ${where(config)} to ${file}`);
      const summary = await withDatabase(config, (database) => backup(database, config, file, say));
      const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
      say(
        `Backup written: ${rows} rows, ${summary.files} files. It holds the identity key: keep it as safe as a password.`,
      );
      return;
    }
    case 'restore': {
      const file = oneFile(args, 'restore');
      say(`Restoring ${file} into ${where(config)}`);
      const { header } = await restore(config, file, say);
      say(`Restored the backup of ${header.createdAt} (Fieldhouse ${header.appVersion}, ${header.database}).`);
      return;
    }
    case 'admin':
      return admin(config, args);
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

try {
  await main(process.argv.slice(2));
  process.exit(0);
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const known =
    error instanceof ConfigError ||
    error instanceof OpsError ||
    error instanceof BackupFormatError ||
    error instanceof DataDirLockedError ||
    error instanceof IdentityError;
  process.stderr.write(`${known ? (error as Error).message : `Failed: ${(error as Error).message ?? error}`}\n`);
  process.exit(1);
}
