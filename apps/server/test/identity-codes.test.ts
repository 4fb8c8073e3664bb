/**
 * Codes under parallel guessing, and password changes that are all or nothing (issue #21): 40
 * parallel wrong reset codes check at most five; a failure midway through a reset, a first
 * password or a change leaves the account exactly as it was. Run on PostgreSQL too: PGlite's one
 * connection would hide a race.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityAccounts, identityCodes } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { callIdentity, passwordSignIn } from './helpers/identity-client.ts';
import { latestCode } from './helpers/outbox.ts';

let app: TestApp;
let ClientId: string;
beforeAll(async () => {
  app = await buildTestApp();
  ClientId = app.config.USER_POOL_CLIENT_ID;
});
afterAll(async () => {
  await app.close();
});

const PASSWORD = 'Start-Pass-1';
const email = () => `codes-${randomUUID().slice(0, 8)}@school.example`;
const signIn = (username: string, password: string) => passwordSignIn(app, username, password);
const confirmReset = (username: string, code: string, password = 'Reset-Pass-4') =>
  callIdentity(app, 'ConfirmForgotPassword', {
    ClientId,
    Username: username,
    ConfirmationCode: code,
    Password: password,
  });

async function resetCode(username: string) {
  await callIdentity(app, 'ForgotPassword', { ClientId, Username: username });
  return latestCode(app.testDatabase.db, username);
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('parallel guesses', () => {
  it('checks at most five of 40 parallel wrong reset codes', async () => {
    const username = email();
    await app.identity.admin.createUser({ email: username, password: PASSWORD });
    const code = await resetCode(username);
    const answers = await Promise.all(Array.from({ length: 40 }, () => confirmReset(username, wrongFor(code))));
    const types = answers.map((answer) => answer.type);
    expect(types.filter((type) => type === 'CodeMismatchException').length).toBeLessThanOrEqual(5);
    expect(types.every((type) => type === 'CodeMismatchException' || type === 'LimitExceededException')).toBe(true);
    // The right code is refused too now: its attempts are spent.
    expect((await confirmReset(username, code)).type).toBe('LimitExceededException');
  });

  it('counts each attempt in the code row itself: 40 parallel checks take at most five', async () => {
    const pool = app.identity.embedded?.pool;
    if (!pool) throw new Error('embedded pool only');
    const username = email();
    await app.identity.admin.createUser({ email: username, password: PASSWORD });
    const code = await resetCode(username);
    const account = await pool.findAccount(username);
    // Below the per-username counter, which would otherwise hide a race in the row's count.
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => pool.codes.compare('RESET_PASSWORD', account, wrongFor(code))),
    );
    const reasons = results.map((result) => (result.status === 'rejected' ? (result.reason as Error).name : 'ok'));
    expect(reasons.filter((name) => name === 'CodeMismatchException').length).toBe(5);
    expect(reasons.filter((name) => name === 'LimitExceededException').length).toBe(35);
    const [row] = await app.testDatabase.db
      .select()
      .from(identityCodes)
      .where(eq(identityCodes.accountId, account?.id ?? 0));
    expect(row?.attempts).toBe(5);
  });
});

/**
 * A real failure in the database, midway through a change: a trigger refuses one statement of
 * it (PL/pgSQL runs in PGlite and PostgreSQL alike).
 */
async function failing<T>(table: 'identity_sessions', operation: 'INSERT' | 'UPDATE', run: () => Promise<T>) {
  const db = app.testDatabase.db;
  await db.execute(
    sql.raw(`create or replace function fail_midway() returns trigger language plpgsql as $$
    begin raise exception 'failure midway'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger fail_midway before ${operation} on ${table} for each row execute function fail_midway()`),
  );
  try {
    return await run();
  } finally {
    await db.execute(sql.raw(`drop trigger fail_midway on ${table}`));
  }
}

describe('all or nothing', () => {
  it('leaves password, code and sessions as they were when a reset fails at its last step', async () => {
    const username = email();
    await app.identity.admin.createUser({ email: username, password: PASSWORD });
    const before = await signIn(username, PASSWORD);
    const refreshToken = (before.body.AuthenticationResult as { RefreshToken: string }).RefreshToken;
    const code = await resetCode(username);
    // The last step, ending the sessions, fails.
    const failed = await failing('identity_sessions', 'UPDATE', () => confirmReset(username, code));
    expect(failed.status).toBe(500);
    expect((await signIn(username, 'Reset-Pass-4')).type).toBe('NotAuthorizedException');
    expect((await signIn(username, PASSWORD)).body.AuthenticationResult).toBeTruthy();
    const refreshed = await callIdentity(app, 'GetTokensFromRefreshToken', { ClientId, RefreshToken: refreshToken });
    expect(refreshed.body.AuthenticationResult).toBeTruthy();
    // The code was not used up: the reset goes through once the failure is gone.
    expect((await confirmReset(username, code)).status).toBe(200);
    expect((await signIn(username, 'Reset-Pass-4')).body.AuthenticationResult).toBeTruthy();
  });

  it('keeps an invited user’s challenge and temporary password when the first sign-in fails', async () => {
    const username = email();
    const { temporaryPassword } = await app.identity.admin.createUser({ email: username });
    const challenge = await signIn(username, temporaryPassword as string);
    const answer = () =>
      callIdentity(app, 'RespondToAuthChallenge', {
        ClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.body.Session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: 'Chosen-Pass-2' },
      });
    // The first session cannot be stored.
    expect((await failing('identity_sessions', 'INSERT', answer)).status).toBe(500);
    const [account] = await app.testDatabase.db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.email, username));
    expect(account?.status).toBe('FORCE_CHANGE_PASSWORD');
    expect((await signIn(username, 'Chosen-Pass-2')).type).toBe('NotAuthorizedException');
    expect((await answer()).body.AuthenticationResult).toBeTruthy();
  });

  it('keeps the old password when a change fails while ending other sessions', async () => {
    const username = email();
    await app.identity.admin.createUser({ email: username, password: PASSWORD });
    const tokens = (await signIn(username, PASSWORD)).body.AuthenticationResult as { AccessToken: string };
    await signIn(username, PASSWORD); // another device, whose session the change ends
    const change = () =>
      callIdentity(app, 'ChangePassword', {
        AccessToken: tokens.AccessToken,
        PreviousPassword: PASSWORD,
        ProposedPassword: 'Changed-Pass-6',
      });
    expect((await failing('identity_sessions', 'UPDATE', change)).status).toBe(500);
    expect((await signIn(username, PASSWORD)).body.AuthenticationResult).toBeTruthy();
    expect((await change()).status).toBe(200);
    expect((await signIn(username, 'Changed-Pass-6')).body.AuthenticationResult).toBeTruthy();
  });
});
