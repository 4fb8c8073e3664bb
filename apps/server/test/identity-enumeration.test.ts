/**
 * No user enumeration (issue #15, measured case 10): from outside, an unknown e-mail, a wrong
 * password, a disabled and a locked account look the same — the same error, the same answer
 * shapes, similar time — on every sign-in flow and on password reset and sign-up confirmation.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityAccounts } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { callIdentity, errorOf, passwordSignIn, srpSignIn } from './helpers/identity-client.ts';
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
const WRONG = 'Wrong-Pass-9';
const INCORRECT = { type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@school.example`;

const passwordAuth = (username: string, password: string) => passwordSignIn(app, username, password);

async function account(label: string) {
  const address = email(label);
  const { sub } = await app.identity.admin.createUser({ email: address, password: PASSWORD });
  return { email: address, sub };
}

async function disabledAccount() {
  const person = await account('disabled');
  await app.identity.admin.disableUser(person.sub);
  return person;
}

/** Locked the way an attacker locks it (five wrong passwords), then kept locked for the test. */
async function lockedAccount() {
  const person = await account('locked');
  for (let i = 0; i < 5; i++) expect(errorOf(await passwordAuth(person.email, `${WRONG}${i}`))).toEqual(INCORRECT);
  const [row] = await app.testDatabase.db
    .select()
    .from(identityAccounts)
    .where(eq(identityAccounts.email, person.email));
  expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  await app.testDatabase.db
    .update(identityAccounts)
    .set({ lockedUntil: new Date(Date.now() + 10 * 60_000) })
    .where(eq(identityAccounts.email, person.email));
  return person;
}

describe('USER_PASSWORD_AUTH', () => {
  it('answers an unknown user, a wrong password, a disabled and a locked account alike', async () => {
    const known = await account('known');
    const disabled = await disabledAccount();
    const locked = await lockedAccount();
    const answers = [
      await passwordAuth(email('nobody'), WRONG),
      await passwordAuth(known.email, WRONG),
      await passwordAuth(disabled.email, WRONG),
      await passwordAuth(locked.email, WRONG),
      // A lockout does not say so, even to the right password: it would confirm the account.
      await passwordAuth(locked.email, PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toEqual(INCORRECT);
    }
    // Only someone who knows the password learns that the account is switched off.
    expect(errorOf(await passwordAuth(disabled.email, PASSWORD))).toEqual({
      type: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });
});

describe('USER_SRP_AUTH', () => {
  it('challenges every username and refuses the proof the same way', async () => {
    const known = await account('known');
    const disabled = await disabledAccount();
    const locked = await lockedAccount();
    const unknown = email('nobody');
    const runs = [
      await srpSignIn(app, unknown, WRONG),
      await srpSignIn(app, known.email, WRONG),
      await srpSignIn(app, disabled.email, WRONG),
      await srpSignIn(app, locked.email, WRONG),
      await srpSignIn(app, locked.email, PASSWORD),
    ];
    for (const { challenge, answer } of runs) {
      expect(challenge.body).toMatchObject({
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeParameters: {
          SALT: expect.stringMatching(/^[0-9a-f]{32}$/),
          SRP_B: expect.stringMatching(/^[0-9a-f]+$/),
          SECRET_BLOCK: expect.any(String),
          USER_ID_FOR_SRP: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      });
      expect(Object.keys(challenge.body).sort()).toEqual(Object.keys(runs[1]?.challenge.body ?? {}).sort());
      expect(errorOf(answer)).toEqual(INCORRECT);
    }
    // A real account keeps its salt and id between attempts; so does an unknown one.
    const again = await srpSignIn(app, unknown.toUpperCase(), WRONG);
    const first = runs[0]?.challenge.body.ChallengeParameters as Record<string, string>;
    const second = again.challenge.body.ChallengeParameters as Record<string, string>;
    expect(second.SALT).toBe(first.SALT);
    expect(second.USER_ID_FOR_SRP).toBe(first.USER_ID_FOR_SRP);
    expect(second.SRP_B).not.toBe(first.SRP_B);
    expect((await srpSignIn(app, known.email, PASSWORD)).answer.body.AuthenticationResult).toBeTruthy();
  });
});

describe('password reset', () => {
  it('answers ForgotPassword alike for unknown, known, disabled and invited accounts', async () => {
    const known = await account('known');
    const disabled = await disabledAccount();
    const invited = email('invited');
    await app.identity.admin.createUser({ email: invited });
    const unknown = email('nobody');
    // Typed in capitals: the unknown one was echoed as typed ("N***@School.example"), a known one as stored.
    const shout = (address: string) => address.replace(/^./, (c) => c.toUpperCase()).replace('school', 'School');
    for (const username of [unknown, known.email, disabled.email, invited]) {
      const answer = await callIdentity(app, 'ForgotPassword', { ClientId, Username: shout(username) });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        CodeDeliveryDetails: {
          Destination: `${username.slice(0, 1)}***@school.example`,
          DeliveryMedium: 'EMAIL',
          AttributeName: 'email',
        },
      });
    }
  });

  it('answers ConfirmForgotPassword alike for unknown and known users, before and after a request', async () => {
    const known = await account('known');
    const unknown = email('nobody');
    const confirm = (username: string, code: string) =>
      callIdentity(app, 'ConfirmForgotPassword', {
        ClientId,
        Username: username,
        ConfirmationCode: code,
        Password: 'Reset-Pass-4',
      });
    // No code was asked for yet.
    expect(errorOf(await confirm(unknown, '123456'))).toEqual(errorOf(await confirm(known.email, '123456')));

    for (const username of [unknown, known.email]) {
      await callIdentity(app, 'ForgotPassword', { ClientId, Username: username });
    }
    const code = await latestCode(app.testDatabase.db, known.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const [a, b] = [await confirm(unknown, wrong), await confirm(known.email, wrong)];
      expect(errorOf(a)).toEqual({
        type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
      expect(errorOf(b)).toEqual(errorOf(a));
    }
    const [a, b] = [await confirm(unknown, wrong), await confirm(known.email, code)];
    expect(errorOf(a)).toEqual({
      type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect(errorOf(b)).toEqual(errorOf(a));
  });

  it('limits reset requests per account, the same for unknown ones', async () => {
    const known = await account('known');
    const unknown = email('nobody');
    for (const username of [unknown, known.email]) {
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push(await callIdentity(app, 'ForgotPassword', { ClientId, Username: username }));
      expect(answers.slice(0, 5).every((answer) => answer.status === 200)).toBe(true);
      expect(errorOf(answers[5] as (typeof answers)[number])).toEqual({
        type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
    }
  });
});

describe('sign-up confirmation', () => {
  it('answers ConfirmSignUp and ResendConfirmationCode alike for unknown and confirmed users', async () => {
    const known = await account('known');
    const unknown = email('nobody');
    const confirm = (username: string) =>
      callIdentity(app, 'ConfirmSignUp', { ClientId, Username: username, ConfirmationCode: '123456' });
    expect(errorOf(await confirm(unknown))).toEqual({
      type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    expect(errorOf(await confirm(known.email))).toEqual(errorOf(await confirm(unknown)));
    const resend = async (username: string) =>
      (await callIdentity(app, 'ResendConfirmationCode', { ClientId, Username: username })).body;
    expect(await resend(known.email)).toEqual({
      CodeDeliveryDetails: { Destination: 'k***@school.example', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    expect(await resend(unknown)).toEqual({
      CodeDeliveryDetails: { Destination: 'n***@school.example', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    // In capitals, alike too: an unknown name was echoed as typed, a known one as stored.
    expect(await resend(known.email.toUpperCase())).toEqual({
      CodeDeliveryDetails: { Destination: 'k***@school.example', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    expect(await resend(unknown.toUpperCase())).toEqual({
      CodeDeliveryDetails: { Destination: 'n***@school.example', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
  });
});

/**
 * A refusal that changes no row (unknown user, locked account) would commit without a transaction
 * id and skip the log flush a counted failure pays: a timing difference of about a millisecond on
 * a real disk, too small for the medians below but there. Every refusal takes one.
 */
describe('every refusal commits like a write', () => {
  it('takes a transaction id for an unknown user, a locked and a known account alike', async () => {
    const known = await account('known');
    const locked = await lockedAccount();
    const accounts = app.identity.embedded?.pool.accounts;
    if (!accounts) throw new Error('The embedded pool runs these tests.');
    const ids = await Promise.all(
      [known.email, locked.email].map(async (address) => (await accounts.find(address))?.id),
    );
    for (const accountId of [undefined, ...ids]) {
      const assigned = await app.testDatabase.db.transaction(async (tx) => {
        await accounts.recordFailure(accountId, tx);
        const result = await tx.execute<{ xid: string | null }>(sql`select txid_current_if_assigned() as xid`);
        return result.rows[0]?.xid;
      });
      expect(assigned, `account ${accountId ?? 'unknown'}`).not.toBeNull();
    }
  });
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * Runs each probe `rounds` times, interleaved in a random order so machine load hits them all
 * alike, and returns each probe's median in ms. A probe that returns a number reports its own
 * time (the server's part of a longer exchange). Comparing medians with each other, never with
 * a fixed budget, keeps the test meaningful on a busy machine.
 */
async function medians(probes: Record<string, () => Promise<unknown>>, rounds: number) {
  const times = new Map<string, number[]>(Object.keys(probes).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of Object.keys(probes).sort(() => Math.random() - 0.5)) {
      const started = performance.now();
      const reported = await probes[name]?.();
      times.get(name)?.push(typeof reported === 'number' ? reported : performance.now() - started);
    }
  }
  return Object.fromEntries([...times].map(([name, values]) => [name, median(values)]));
}

function expectAlike(result: Record<string, number>, reference: string) {
  const base = result[reference] as number;
  for (const [name, value] of Object.entries(result)) {
    const ratio = value / base;
    const said = `${name}: ${value.toFixed(1)} ms against ${reference}: ${base.toFixed(1)} ms`;
    expect(ratio, said).toBeGreaterThan(0.6);
    expect(ratio, said).toBeLessThan(1.67);
  }
}

/**
 * Times `attempt` (a sign-in that must fail) for an unknown user, a wrong password, a disabled
 * and a locked account, and expects the four medians alike. Several accounts take the wrong
 * passwords in turn, so none of them locks during the run.
 */
async function expectSameTimeToRefuse(
  attempt: (username: string, password: string) => Promise<unknown>,
  rounds: number,
) {
  const known = [await account('known'), await account('known'), await account('known'), await account('known')];
  const disabled = await disabledAccount();
  const locked = await lockedAccount();
  let turn = 0;
  const result = await medians(
    {
      unknown: () => attempt(email('nobody'), WRONG),
      wrongPassword: () => attempt((known[turn++ % known.length] as { email: string }).email, WRONG),
      disabled: () => attempt(disabled.email, WRONG),
      locked: () => attempt(locked.email, PASSWORD),
    },
    rounds,
  );
  expectAlike(result, 'wrongPassword');
}

// Medians of a few rounds on a busy 2-core machine (CI runs the suites in parallel) can catch a
// stall: a run outside the bounds is measured again, twice at most. A real difference fails every
// time.
describe('timing', { retry: 2 }, () => {
  it('takes as long to refuse an unknown, disabled or locked account as a wrong password', async () => {
    await expectSameTimeToRefuse(passwordAuth, 16);
  }, 120_000);

  it('takes as long to refuse an SRP proof for an unknown, disabled or locked account', async () => {
    // The server's part only: the client's own arithmetic would drown the difference.
    await expectSameTimeToRefuse(async (username, password) => (await srpSignIn(app, username, password)).serverMs, 10);
  }, 120_000);
});
