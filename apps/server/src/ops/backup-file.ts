/**
 * The backup file: gzip-compressed lines, so it streams both ways and is the same for PGlite and
 * PostgreSQL (a backup of one restores into the other).
 *
 *   {"format":"fieldhouse-backup",...}     the header (one JSON line)
 *   T <tab> table <tab> [rows as JSON]     up to BATCH rows, exactly as row_to_json wrote them
 *   F <tab> path <tab> base64              a piece of a file under DATA_DIR (key file, uploads)
 *   E <tab> {"tables":{…},"files":n}       the end: a file without it was cut short
 *
 * Rows are never parsed in JavaScript: PostgreSQL writes them and reads them back, so numbers,
 * bytes and times keep their exact values.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';

export const BACKUP_FORMAT = 'fieldhouse-backup';
export const BACKUP_VERSION = 1;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  appVersion: string;
  /** Where it was made from; either restores into either. */
  database: 'pglite' | 'postgres';
  /** The migration level of the data: restore recreates exactly this schema before loading rows. */
  migrations: { count: number; last: number };
  /** 'file': DATA_DIR/identity-secret is in the backup; 'env': IDENTITY_SECRET was set (not in it). */
  identitySecret: 'file' | 'env';
  /** The first 16 hex digits of SHA-256 of the identity secret, to check the restore has the same one. */
  secretFingerprint: string;
  /** 'disk': attachments are in the backup; 's3': they stay in the bucket. */
  attachments: 'disk' | 's3';
};

export type BackupSummary = { tables: Record<string, number>; files: number };

export type BackupEntry =
  | { kind: 'table'; table: string; rowsJson: string }
  | { kind: 'file'; path: string; data: Buffer }
  | { kind: 'end'; summary: BackupSummary };

export class BackupFormatError extends Error {}

/** Writes to `<file>.partial` and renames at the end, so a failed backup never looks complete. */
export function backupWriter(file: string) {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  return {
    header: (header: BackupHeader) => write(JSON.stringify(header)),
    table: (table: string, rowsJson: string) => write(`T\t${table}\t${rowsJson}`),
    file: (path: string, data: Buffer) => write(`F\t${path}\t${data.toString('base64')}`),
    end: async (summary: BackupSummary) => {
      await write(`E\t${JSON.stringify(summary)}`);
      gzip.end();
      await once(out, 'close');
      renameSync(partial, file);
    },
    abort: () => {
      gzip.destroy();
      out.destroy();
      rmSync(partial, { force: true });
    },
  };
}

/** Reads a backup: the header first, then its entries in order; throws BackupFormatError on a bad file. */
export async function openBackup(file: string) {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await lines.next();
    } catch (error) {
      throw new BackupFormatError(`${file} is not a Fieldhouse backup or is damaged (${(error as Error).message})`);
    }
  };
  const first = await next();
  let header: BackupHeader | undefined;
  try {
    header = first.done ? undefined : (JSON.parse(first.value) as BackupHeader);
  } catch {
    header = undefined;
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupFormatError(`${file} is not a Fieldhouse backup`);
  if (header.version > BACKUP_VERSION) {
    throw new BackupFormatError(`${file} was made by a newer Fieldhouse (backup format ${header.version})`);
  }
  async function* entries(): AsyncGenerator<BackupEntry> {
    for (let line = await next(); !line.done; line = await next()) {
      const kind = line.value.slice(0, 1);
      const second = line.value.indexOf('\t', 2);
      const name = line.value.slice(2, second);
      const rest = line.value.slice(second + 1);
      if (kind === 'T' && second > 0) yield { kind: 'table', table: name, rowsJson: rest };
      else if (kind === 'F' && second > 0) yield { kind: 'file', path: name, data: Buffer.from(rest, 'base64') };
      else if (kind === 'E') {
        yield { kind: 'end', summary: JSON.parse(line.value.slice(2)) as BackupSummary };
        return;
      } else throw new BackupFormatError(`${file} has a line this version does not understand`);
    }
    throw new BackupFormatError(`${file} is incomplete: it ends before the backup's last line`);
  }
  return { header, entries: entries() };
}
