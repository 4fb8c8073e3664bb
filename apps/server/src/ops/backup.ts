/**
 * `npm run backup -- <file>`: every table's rows from one consistent snapshot, the identity key
 * file (without it no password or token made before could be checked again) and attachments
 * kept on disk. PostgreSQL is read in a REPEATABLE READ transaction, so nodes keep serving; PGlite
 * is opened under the DATA_DIR lock, so its server must be stopped first.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Config, secretBytes } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { IDENTITY_SECRET_FILE } from '../identity/setup.ts';
import { version } from '../version.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type BackupSummary, backupWriter } from './backup-file.ts';
import { ident, listTables, migrationLevel, type TableInfo } from './tables.ts';

/** Rows per backup line: small enough to stream, large enough to load quickly. */
const BATCH = 1000;
/** Bytes of a file per backup line (1 MiB of base64). */
const FILE_PIECE = 768 * 1024;

export class OpsError extends Error {}

/** The identity secret this configuration uses: IDENTITY_SECRET, or the key file in DATA_DIR. */
export function identitySecretOf(config: Config): { source: 'env' | 'file'; secret: Buffer } | undefined {
  if (config.IDENTITY_SECRET) return { source: 'env', secret: secretBytes(config.IDENTITY_SECRET) };
  const file = join(config.DATA_DIR, IDENTITY_SECRET_FILE);
  if (!existsSync(file)) return undefined;
  return { source: 'file', secret: Buffer.from(readFileSync(file, 'utf8').trim(), 'base64') };
}

export const fingerprint = (secret: Buffer) => createHash('sha256').update(secret).digest('hex').slice(0, 16);

/** Finished attachments under DATA_DIR/uploads, without uploads still in progress (tmp/). */
function attachmentFiles(dataDir: string): string[] {
  const root = join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !relative(root, path).split(sep).includes('tmp'));
}

async function dumpTable(db: Db, table: TableInfo, write: (rowsJson: string) => Promise<void>) {
  const keys = table.primaryKey;
  const order = keys.map((k) => `t.${ident(k.column)}`).join(', ');
  let after: string[] | undefined;
  let count = 0;
  for (;;) {
    const page =
      keys.length === 0
        ? sql.raw(`select row_to_json(t)::text as j from ${ident(table.name)} t`)
        : sql`select row_to_json(t)::text as j, ${sql.raw(keys.map((k, i) => `t.${ident(k.column)}::text as k${i}`).join(', '))}
              from ${sql.raw(ident(table.name))} t
              ${
                after
                  ? sql`where (${sql.raw(order)}) > (${sql.join(
                      after.map((value, i) => sql`cast(${value} as ${sql.raw(keys[i]?.type ?? 'text')})`),
                      sql`, `,
                    )})`
                  : sql``
              }
              order by ${sql.raw(order)} limit ${BATCH}`;
    const rows = (await db.execute(page)).rows as Record<string, string>[];
    if (rows.length > 0) await write(`[${rows.map((r) => r.j).join(',')}]`);
    count += rows.length;
    if (keys.length === 0 || rows.length < BATCH) return count;
    const last = rows[rows.length - 1] as Record<string, string>;
    after = keys.map((_, i) => last[`k${i}`] as string);
  }
}

export async function backup(
  database: Database,
  config: Config,
  file: string,
  progress: (line: string) => void = () => {},
): Promise<BackupSummary> {
  const secret = identitySecretOf(config);
  if (!secret) {
    throw new OpsError(
      `No identity secret: ${join(config.DATA_DIR, IDENTITY_SECRET_FILE)} does not exist and IDENTITY_SECRET is not set. Run the backup with the server's DATA_DIR and environment.`,
    );
  }
  const writer = backupWriter(file);
  try {
    const summary: BackupSummary = { tables: {}, files: 0 };
    // One snapshot for every table: rows that refer to each other are from the same moment.
    await database.db.transaction(
      async (tx) => {
        const db = tx as unknown as Db;
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          appVersion: version,
          database: database.kind,
          migrations: await migrationLevel(db),
          identitySecret: secret.source,
          secretFingerprint: fingerprint(secret.secret),
          attachments: config.S3_BUCKET ? 's3' : 'disk',
        };
        if (header.migrations.count === 0) throw new OpsError('The database has no Fieldhouse tables to back up.');
        await writer.header(header);
        for (const table of await listTables(db)) {
          summary.tables[table.name] = await dumpTable(db, table, (rows) => writer.table(table.name, rows));
          progress(`  ${table.name}: ${summary.tables[table.name]} rows`);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const files = [
      ...(secret.source === 'file' ? [join(config.DATA_DIR, IDENTITY_SECRET_FILE)] : []),
      ...(config.S3_BUCKET ? [] : attachmentFiles(config.DATA_DIR)),
    ];
    for (const path of files) {
      const name = relative(config.DATA_DIR, path).split(sep).join('/');
      const handle = await open(path);
      try {
        const piece = Buffer.alloc(FILE_PIECE);
        let wrote = false;
        for (;;) {
          const { bytesRead } = await handle.read(piece, 0, FILE_PIECE);
          // An empty file still gets one line, so the restore creates it.
          if (bytesRead === 0 && wrote) break;
          await writer.file(name, piece.subarray(0, bytesRead));
          wrote = true;
          if (bytesRead < FILE_PIECE) break;
        }
      } finally {
        await handle.close();
      }
      summary.files++;
    }
    if (files.length > 0) progress(`  files: ${summary.files}`);
    await writer.end(summary);
    return summary;
  } catch (error) {
    writer.abort();
    throw error;
  }
}
