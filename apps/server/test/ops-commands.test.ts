/**
 * `npm run migrate` and `npm run admin` in their own processes, on a new install's empty
 * database (PGlite DATA_DIR, or an empty PostgreSQL database): migrate alone, then create a super
 * admin and reset passwords, and check each against the identity endpoint of a server started
 * on the same data afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { identityAccounts } from '../src/db/schema/index.ts';
import { createEmptyDatabaseUrl } from './helpers/db.ts';
import { identityAt, srpSignInAt } from './helpers/identity-client.ts';
import { runOps, serverUrl, startServerProcess, stopServerProcess } from './helpers/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-ops-'));
const env: Record<string, string> = { DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'false' };
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const database = await createEmptyDatabaseUrl();
    if (!database) throw new Error('the PostgreSQL project provides the database');
    env.DATABASE_URL = database.url;
    drop = database.drop;
  }
});
afterAll(async () => {
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `check` against a server on the data, then stops it (PGlite has one process at a time). */
async function withServer(check: (url: string) => Promise<void>) {
  const server = startServerProcess({ ...env, PORT: '0' });
  try {
    await check(await serverUrl(server));
  } finally {
    await stopServerProcess(server);
  }
}

const passwordSignIn = (url: string, email: string, password: string) =>
  identityAt(url)('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: 'fieldhouse-web',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });

const oneLine = (text: string) => text.trim().split('\n');

describe('operator commands', () => {
  it('migrate applies the migrations alone, once', async () => {
    const first = await runOps(['migrate'], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Applied \d+ migrations to (PostgreSQL|PGlite \(.*\)) \(now \d+\)\.\n$/);
    const second = await runOps(['migrate'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/is up to date \(\d+ migrations\)\.\n$/);
  }, 60_000);

  it('creates a super admin with a chosen or a temporary password', async () => {
    const chosen = await runOps(
      [
        'admin',
        'create-super-admin',
        '--email',
        'Dana.IT@District.example',
        '--password',
        'Chosen-Pass-1',
        '--first-name',
        'Dana',
      ],
      env,
    );
    expect(chosen.stderr).toBe('');
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).toContain('Created super admin dana.it@district.example');
    expect(chosen.stdout).not.toContain('Temporary password');

    const temporary = await runOps(['admin', 'create-super-admin', '--email', 'sam@district.example'], env);
    expect(temporary.code).toBe(0);
    const password = temporary.stdout.match(/Temporary password: (\S+)/)?.[1] as string;
    expect(password).toHaveLength(12);

    // The same e-mail twice is refused in one line, and the first account is untouched.
    const twice = await runOps(['admin', 'create-super-admin', '--email', 'dana.it@district.example'], env);
    expect(twice.code).toBe(1);
    expect(oneLine(twice.stderr)).toEqual([expect.stringContaining('already has a Fieldhouse account')]);

    // A password the policy refuses: one line, and no half-made account left behind.
    const weak = await runOps(
      ['admin', 'create-super-admin', '--email', 'weak@district.example', '--password', 'short'],
      env,
    );
    expect(weak.code).toBe(1);
    expect(oneLine(weak.stderr)).toHaveLength(1);

    await withServer(async (url) => {
      const token = await srpSignInAt(url, 'dana.it@district.example', 'Chosen-Pass-1');
      const res = await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      const me = ((await res.json()) as { data: { user: { role: string; firstName: string; status: string } } }).data;
      expect(me.user).toMatchObject({ role: 'SUPER_ADMIN', firstName: 'Dana', status: 'ACTIVE' });
      // The temporary password works once, to choose a new one.
      const first = await passwordSignIn(url, 'sam@district.example', password);
      expect(first.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      const weakOne = await passwordSignIn(url, 'weak@district.example', 'short');
      expect(weakOne.type).toBe('NotAuthorizedException');
    });
    // The refused account really is gone: creating it properly works.
    const retry = await runOps(
      ['admin', 'create-super-admin', '--email', 'weak@district.example', '--password', 'Strong-Pass-1'],
      env,
    );
    expect(retry.code).toBe(0);
  }, 120_000);

  it('resets a password: the old one stops working, sign-ins end, a lock-out is lifted', async () => {
    let refreshToken = '';
    await withServer(async (url) => {
      const signedIn = await passwordSignIn(url, 'dana.it@district.example', 'Chosen-Pass-1');
      refreshToken = (signedIn.body.AuthenticationResult as { RefreshToken: string }).RefreshToken;
    });
    const reset = await runOps(
      ['admin', 'reset-password', '--email', 'DANA.IT@district.example', '--password', 'Fresh-Pass-2'],
      env,
    );
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('New password set for dana.it@district.example');

    const temporary = await runOps(['admin', 'reset-password', '--email', 'weak@district.example'], env);
    expect(temporary.code).toBe(0);
    const password = temporary.stdout.match(/Temporary password: (\S+)/)?.[1] as string;

    await withServer(async (url) => {
      expect((await passwordSignIn(url, 'dana.it@district.example', 'Chosen-Pass-1')).type).toBe(
        'NotAuthorizedException',
      );
      const refreshed = await identityAt(url)('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: 'fieldhouse-web',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
      expect(refreshed.type).toBe('NotAuthorizedException');
      await srpSignInAt(url, 'dana.it@district.example', 'Fresh-Pass-2');
      expect((await passwordSignIn(url, 'weak@district.example', password)).body.ChallengeName).toBe(
        'NEW_PASSWORD_REQUIRED',
      );
      // Locked out by failed attempts…
      for (let i = 0; i < 6; i++) await passwordSignIn(url, 'dana.it@district.example', 'Wrong-Pass-9');
      expect((await passwordSignIn(url, 'dana.it@district.example', 'Fresh-Pass-2')).type).toBe(
        'NotAuthorizedException',
      );
    });
    // …for the longest lock-out (the first ones last seconds; this one outlasts the test)…
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const locked = await database.db
      .update(identityAccounts)
      .set({ lockedUntil: sql`now() + interval '15 minutes'` })
      .where(and(eq(identityAccounts.email, 'dana.it@district.example'), sql`${identityAccounts.failedAttempts} >= 5`))
      .returning({ id: identityAccounts.id });
    await database.close();
    expect(locked).toHaveLength(1);
    // …and let in again by a reset.
    expect(
      (
        await runOps(
          ['admin', 'reset-password', '--email', 'dana.it@district.example', '--password', 'Third-Pass-3'],
          env,
        )
      ).code,
    ).toBe(0);
    await withServer(async (url) => {
      await srpSignInAt(url, 'dana.it@district.example', 'Third-Pass-3');
    });
  }, 180_000);

  it('answers a wrong command line with usage (code 2) and an unknown person in one line', async () => {
    const usage = await runOps(['admin', 'make-coffee'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage:');
    const missing = await runOps(['admin', 'reset-password'], env);
    expect(missing.code).toBe(2);
    const unknown = await runOps(['admin', 'reset-password', '--email', 'nobody@district.example'], env);
    expect(unknown.code).toBe(1);
    expect(oneLine(unknown.stderr)).toEqual(['No Fieldhouse account has the e-mail nobody@district.example.']);
  }, 60_000);
});
