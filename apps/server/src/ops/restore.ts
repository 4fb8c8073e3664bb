/**
 * `npm run restore -- <file>` into a new DATA_DIR (PGlite) or an empty PostgreSQL database:
 * recreate the schema the backup was made with, load every row in one transaction, then migrate
 * to this version, so a backup from an older Fieldhouse restores into a newer one. A target that
 * already holds data is refused: a restore never overwrites.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { migrationsFolder, runMigrations } from '../db/migrate.ts';
import { IDENTITY_SECRET_FILE } from '../identity/setup.ts';
import { fingerprint, identitySecretOf, OpsError } from './backup.ts';
import { BackupFormatError, type BackupHeader, type BackupSummary, openBackup } from './backup-file.ts';
import { ident, listForeignKeys, listTables, migrationLevel } from './tables.ts';

type Journal = { entries: { when: number; tag: string }[] };

const readJournal = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A copy of the migrations folder that stops at the backup's level. */
function migrationsUpTo(last: number): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'fieldhouse-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journal = readJournal(folder);
  journal.entries = journal.entries.filter((entry) => entry.when <= last);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The identity secret the restored data needs must be the one this configuration will use. */
function checkSecret(header: BackupHeader, config: Config) {
  const current = config.IDENTITY_SECRET ? identitySecretOf(config) : undefined;
  if (header.identitySecret === 'env') {
    if (!current) {
      throw new OpsError(
        `This backup was made with IDENTITY_SECRET set (fingerprint ${header.secretFingerprint}): set the same IDENTITY_SECRET to restore it.`,
      );
    }
    if (fingerprint(current.secret) !== header.secretFingerprint) {
      throw new OpsError(
        `IDENTITY_SECRET is not the one this backup was made with (fingerprint ${header.secretFingerprint}); passwords and tokens in it could not be checked.`,
      );
    }
  } else if (current && fingerprint(current.secret) !== header.secretFingerprint) {
    throw new OpsError(
      'This backup carries its own identity key file, but IDENTITY_SECRET is set to another secret: unset IDENTITY_SECRET to use the key file.',
    );
  }
}

/** Nothing of an install may be in the way: DATA_DIR's database and key file, or PostgreSQL tables. */
function checkDataDir(config: Config) {
  if (!config.DATABASE_URL && existsSync(join(config.DATA_DIR, 'PG_VERSION'))) {
    throw new OpsError(`DATA_DIR ${config.DATA_DIR} already holds a database: restore into a new, empty DATA_DIR.`);
  }
  if (existsSync(join(config.DATA_DIR, IDENTITY_SECRET_FILE)) && !config.IDENTITY_SECRET) {
    throw new OpsError(
      `DATA_DIR ${config.DATA_DIR} already has an identity key file: restore into a new, empty DATA_DIR.`,
    );
  }
}

async function checkDatabaseEmpty(db: Db) {
  const [row] = (
    await db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    )
  ).rows as { n: number }[];
  if ((row?.n ?? 0) > 0) {
    throw new OpsError(
      'The database is not empty: restore into a new database (for example `createdb fieldhouse_restored`).',
    );
  }
}

/**
 * Loads the rows of `entries` in one transaction. Foreign keys are set aside while loading (the
 * file's table order does not matter, and this needs no superuser) and checked again when put
 * back, so the transaction fails on rows that do not fit together.
 */
async function loadRows(
  db: Db,
  tableLines: AsyncGenerator<{ table: string; rowsJson: string }, BackupSummary>,
  progress: (line: string) => void,
) {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const tables = new Map((await listTables(tx)).map((t) => [t.name, t]));
    const foreignKeys = await listForeignKeys(tx);
    for (const fk of foreignKeys) {
      await tx.execute(sql.raw(`alter table ${ident(fk.table)} drop constraint ${ident(fk.name)}`));
    }
    // Migrations may have inserted rows (defaults); the backup's rows replace them.
    if (tables.size > 0) await tx.execute(sql.raw(`truncate ${[...tables.keys()].map(ident).join(', ')}`));
    const loaded: Record<string, number> = {};
    let next = await tableLines.next();
    for (; !next.done; next = await tableLines.next()) {
      const { table: name, rowsJson } = next.value;
      const table = tables.get(name);
      if (!table) throw new OpsError(`The backup has rows for a table this schema does not have: ${name}`);
      const columns = table.columns.map(ident).join(', ');
      const result = await tx.execute(
        sql`insert into ${sql.raw(ident(name))} (${sql.raw(columns)})
            select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(ident(name))}, ${rowsJson}::json)`,
      );
      loaded[name] =
        (loaded[name] ?? 0) +
        ((result as { rowCount?: number; affectedRows?: number }).rowCount ??
          (result as { affectedRows?: number }).affectedRows ??
          0);
    }
    const summary = next.value;
    for (const [name, expected] of Object.entries(summary.tables)) {
      if ((loaded[name] ?? 0) !== expected) {
        throw new OpsError(`The backup is damaged: ${name} should have ${expected} rows, it has ${loaded[name] ?? 0}`);
      }
    }
    // The report tables follow the messages (decision 031); loading the messages fired their
    // triggers on top of the loaded tables, so they are made again from what was loaded.
    await tx.execute(sql`select chat_report_tables_rebuild()`);
    for (const fk of foreignKeys) {
      await tx.execute(sql.raw(`alter table ${ident(fk.table)} add constraint ${ident(fk.name)} ${fk.definition}`));
    }
    for (const table of tables.values()) {
      for (const column of table.serials) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${ident(table.name).replaceAll("'", "''")}', '${column.replaceAll("'", "''")}'),
                    coalesce((select max(${ident(column)}) from ${ident(table.name)}), 0) + 1, false)`,
          ),
        );
      }
    }
    for (const [name, count] of Object.entries(loaded)) if (count > 0) progress(`  ${name}: ${count} rows`);
    return summary;
  });
}

/**
 * Backed-up files go to a staging folder in DATA_DIR while the rows load, and into place only
 * once they are committed: a failed restore leaves no key file behind.
 */
function stagedFiles(dataDir: string) {
  const staging = resolve(dataDir, '.restoring');
  rmSync(staging, { recursive: true, force: true });
  const started = new Set<string>();
  return {
    /** The first piece of a file creates it, later pieces append. */
    write: async (path: string, data: Buffer) => {
      const target = resolve(staging, path);
      // Names come from the file: never outside DATA_DIR.
      if (!target.startsWith(staging + sep)) {
        throw new BackupFormatError(`The backup names a file outside DATA_DIR: ${path}`);
      }
      if (started.has(target)) return appendFile(target, data);
      started.add(target);
      mkdirSync(dirname(target), { recursive: true });
      await writeFile(target, data, { mode: path === IDENTITY_SECRET_FILE ? 0o600 : 0o644 });
    },
    commit: () => {
      if (existsSync(staging)) cpSync(staging, dataDir, { recursive: true });
      rmSync(staging, { recursive: true, force: true });
    },
    discard: () => rmSync(staging, { recursive: true, force: true }),
  };
}

export async function restore(
  config: Config,
  file: string,
  progress: (line: string) => void = () => {},
): Promise<{ header: BackupHeader; summary: BackupSummary }> {
  if (!existsSync(file)) throw new OpsError(`${file} does not exist`);
  const { header, entries } = await openBackup(file);
  const newest = Math.max(...readJournal(migrationsFolder).entries.map((e) => e.when));
  if (header.migrations.last > newest) {
    throw new OpsError(
      `This backup was made by a newer Fieldhouse (${header.appVersion}): restore it with that version.`,
    );
  }
  checkSecret(header, config);
  checkDataDir(config);
  if (!config.DATABASE_URL && existsSync(config.DATA_DIR) && readdirSync(config.DATA_DIR).length > 0) {
    progress(`  DATA_DIR ${config.DATA_DIR} is not empty; its files stay`);
  }
  const database: Database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const files = stagedFiles(config.DATA_DIR);
  try {
    await checkDatabaseEmpty(database.db);
    const older = migrationsUpTo(header.migrations.last);
    try {
      await runMigrations(database, older.folder);
    } finally {
      older.remove();
    }
    const level = await migrationLevel(database.db);
    if (level.count !== header.migrations.count) {
      throw new OpsError(
        `The backup's schema (${header.migrations.count} migrations) is not one of this version's (${level.count} match)`,
      );
    }
    // Table lines go to the database; file pieces are written as they come (they follow the rows).
    async function* tableLines(): AsyncGenerator<{ table: string; rowsJson: string }, BackupSummary> {
      for await (const entry of entries) {
        if (entry.kind === 'table') yield { table: entry.table, rowsJson: entry.rowsJson };
        else if (entry.kind === 'file') await files.write(entry.path, entry.data);
        else return entry.summary;
      }
      throw new BackupFormatError(`${file} is incomplete`);
    }
    const summary = await loadRows(database.db, tableLines(), progress);
    files.commit();
    if (summary.files > 0) progress(`  files: ${summary.files}`);
    await runMigrations(database);
    return { header, summary };
  } catch (error) {
    files.discard();
    throw error;
  } finally {
    await database.close();
  }
}
