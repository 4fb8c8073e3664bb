/**
 * `npm run backup` and `npm run restore` as an operator runs them, each in its own process: an
 * install started from an empty database (first administrator from the environment, identity
 * key file in DATA_DIR) gets data and an attachment, is backed up, restored into a new
 * DATA_DIR / empty database, started again and signed in to with SRP, as the web app does.
 * On PostgreSQL the same backup also restores into PGlite: the format is the same for both. A
 * demo install's messaging report reads the same after a restore (its tables are derived).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../src/seed/demo.ts';
import { createEmptyDatabaseUrl } from './helpers/db.ts';
import { apiAt } from './helpers/http.ts';
import { srpSignInAt } from './helpers/identity-client.ts';
import { runOps, serverUrl, startServerProcess, stopServerProcess } from './helpers/server-process.ts';

const postgres = process.env.TEST_DB_KIND === 'postgres';
const ADMIN = { email: 'it@district.example', password: 'Backup-Pass-1' };
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

/** A place for an install: a new DATA_DIR, and on PostgreSQL a new empty database. */
async function install(engine: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-backup-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'false' };
  if (engine === 'postgres') {
    const database = await createEmptyDatabaseUrl();
    if (!database) throw new Error('the PostgreSQL project provides the database');
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
  }
  return { dataDir, env };
}

const start = (env: Record<string, string>) => {
  const server = startServerProcess({ ...env, PORT: '0' });
  cleanups.push(() => stopServerProcess(server));
  return server;
};

const api = apiAt;

/** Starts the restored install, signs in with SRP and finds what was there before the backup. */
async function expectRestored(env: Record<string, string>, attachment: { path: string; bytes: Buffer }) {
  expect(readFileSync(join(env.DATA_DIR as string, attachment.path)).equals(attachment.bytes)).toBe(true);
  expect(statSync(join(env.DATA_DIR as string, 'identity-secret')).mode & 0o777).toBe(0o600);
  const server = start(env);
  const url = await serverUrl(server);
  // An existing database: no first administrator is created again.
  expect(server.output().stdout).not.toContain('First administrator created');
  const token = await srpSignInAt(url, ADMIN.email, ADMIN.password);
  const me = await api<{ user: { email: string; role: string } }>(url, token, '/auth/me');
  expect(me.user).toMatchObject({ email: ADMIN.email, role: 'SUPER_ADMIN' });
  const orgs = await api<{ result: { slug: string }[] }>(url, token, '/auth/organizations/list?search=lakeside');
  expect(orgs.result.map((o) => o.slug)).toEqual(['lakeside-high']);
  await stopServerProcess(server);
}

describe('backup and restore', () => {
  it('backs up an install and restores it into a new one that signs in', async () => {
    const source = await install(postgres ? 'postgres' : 'pglite');
    const server = start({
      ...source.env,
      FIELDHOUSE_ADMIN_EMAIL: ADMIN.email,
      FIELDHOUSE_ADMIN_PASSWORD: ADMIN.password,
    });
    const url = await serverUrl(server);
    const token = await srpSignInAt(url, ADMIN.email, ADMIN.password);
    await api(url, token, '/auth/organizations', {
      name: 'Lakeside High',
      slug: 'lakeside-high',
      timezone: 'America/Chicago',
    });
    // An attachment on disk, bigger than one backup line (768 KiB) so it travels in pieces.
    const attachment = { path: 'uploads/ab/abcdef0123', bytes: randomBytes(1_700_000) };
    mkdirSync(join(source.dataDir, 'uploads/ab'), { recursive: true });
    writeFileSync(join(source.dataDir, attachment.path), attachment.bytes);
    // An upload in progress is not part of a backup.
    mkdirSync(join(source.dataDir, 'uploads/tmp'), { recursive: true });
    writeFileSync(join(source.dataDir, 'uploads/tmp/half-done'), 'partial');

    const file = join(source.dataDir, '..', `${source.dataDir.split('/').pop()}.fhbackup.gz`);
    cleanups.push(() => rmSync(file, { force: true }));
    if (!postgres) {
      // PGlite has one writer: the running server keeps the backup out, with one line.
      const refused = await runOps(['backup', file], source.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain(`in use by another Fieldhouse process (pid ${server.child.pid})`);
      await stopServerProcess(server);
    }
    // PostgreSQL is backed up from a snapshot while the server keeps running.
    const made = await runOps(['backup', file], source.env);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/Backup written: \d+ rows, 2 files/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await stopServerProcess(server);

    // A file cut short (a full disk, a copy stopped half-way) is refused, and leaves no key file.
    const lines = gunzipSync(readFileSync(file)).toString().trimEnd().split('\n');
    const cut = `${file}.cut.gz`;
    cleanups.push(() => rmSync(cut, { force: true }));
    writeFileSync(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const cutTarget = await install(postgres ? 'postgres' : 'pglite');
    const refusedCut = await runOps(['restore', cut], cutTarget.env);
    expect(refusedCut.code).toBe(1);
    expect(refusedCut.stderr.trim().split('\n')).toEqual([expect.stringContaining('is incomplete')]);
    expect(existsSync(join(cutTarget.dataDir, 'identity-secret'))).toBe(false);

    const target = await install(postgres ? 'postgres' : 'pglite');
    const restored = await runOps(['restore', file], target.env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Restored the backup of');
    await expectRestored(target.env, attachment);

    // A restore never overwrites: the same target is refused with one line.
    const again = await runOps(['restore', file], target.env);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/already has an identity key file|already holds a database/);

    if (postgres) {
      // From PostgreSQL to PGlite: the same file, the other engine.
      const embedded = await install('pglite');
      const crossed = await runOps(['restore', file], embedded.env);
      expect(crossed.stderr).toBe('');
      expect(crossed.code).toBe(0);
      await expectRestored(embedded.env, attachment);
    }
  }, 240_000);

  it('restores the messaging report as it was: its tables are made again from the messages', async () => {
    const source = await install(postgres ? 'postgres' : 'pglite');
    const director = { email: 'marcus.reed@lincolnhigh.example', password: DEMO_ADMIN.password };
    const report = async (env: Record<string, string>) => {
      const server = start({ ...env, SEED_DEMO: 'true' });
      const url = await serverUrl(server);
      const token = await srpSignInAt(url, director.email, director.password);
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const data = await api<{ days: { total: number }[]; firstResponse: unknown[] }>(
        url,
        token,
        `/reports/messaging?from=${from}&to=${to}`,
      );
      await stopServerProcess(server);
      return data;
    };
    const before = await report(source.env);
    expect(before.days.reduce((n, d) => n + d.total, 0)).toBeGreaterThan(0);
    const file = join(source.dataDir, '..', `${source.dataDir.split('/').pop()}.fhbackup.gz`);
    cleanups.push(() => rmSync(file, { force: true }));
    expect((await runOps(['backup', file], source.env)).code).toBe(0);
    const target = await install(postgres ? 'postgres' : 'pglite');
    const restored = await runOps(['restore', file], target.env);
    expect(restored.stderr).toBe('');
    expect(await report(target.env)).toEqual(before);
  }, 240_000);

  it('refuses a file that is not a whole backup, in one line', async () => {
    const target = await install('pglite');
    const bogus = join(target.dataDir, 'not-a-backup.gz');
    writeFileSync(bogus, 'hello');
    const result = await runOps(['restore', bogus], { ...target.env, DATA_DIR: join(target.dataDir, 'data') });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining('is not a Fieldhouse backup')]);
  });
});
