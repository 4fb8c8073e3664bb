/**
 * Identity mail through a real SMTP server (smtp-server): a reset for a real account answers
 * without waiting for the mail server (its latency would tell an attacker the account exists),
 * the mail still arrives with the code, and closing the app waits for deliveries under way. The
 * code and the invite's temporary password, read from the mails, finish their flows.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { buildTestApp } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/db.ts';
import { callIdentity, passwordSignIn } from './helpers/identity-client.ts';
import { latestCode } from './helpers/outbox.ts';

type Received = { to: string[]; text: string };
const received: Received[] = [];
/** The mail server accepts a message only once the test opens the gate. */
let openGate: () => void = () => {};
let gate = Promise.resolve();
const holdMail = () => {
  gate = new Promise((resolve) => {
    openGate = resolve;
  });
};

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      void gate.then(() => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: Buffer.concat(chunks).toString() });
        callback();
      });
    });
  },
});
let smtpUrl: string;
let database: TestDatabase;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  database = await createTestDatabase();
});
afterAll(async () => {
  openGate();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
};

it('answers ForgotPassword before the mail server has taken the mail, and the code arrives', async () => {
  const app = await buildTestApp({ SMTP_URL: smtpUrl }, database);
  try {
    const email = `mail-${randomUUID().slice(0, 8)}@school.example`;
    await app.identity.admin.createUser({ email, password: 'Start-Pass-1' });
    holdMail();
    const answer = await Promise.race([
      callIdentity(app, 'ForgotPassword', { ClientId: app.config.USER_POOL_CLIENT_ID, Username: email }),
      new Promise<'waited for SMTP'>((resolve) => setTimeout(() => resolve('waited for SMTP'), 3000)),
    ]);
    expect(answer).toMatchObject({ status: 200 });
    expect(received.some((mail) => mail.to.includes(email))).toBe(false);
    openGate();
    await until(() => received.some((mail) => mail.to.includes(email)));
    const code = await latestCode(database.db, email);
    expect(received.find((mail) => mail.to.includes(email))?.text).toContain(code);
    await until(async () => {
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      return row?.sentAt != null;
    });
  } finally {
    openGate();
    await app.close();
  }
});

it('finishes deliveries under way before the app closes', async () => {
  const app = await buildTestApp({ SMTP_URL: smtpUrl }, database);
  const email = `invite-${randomUUID().slice(0, 8)}@school.example`;
  holdMail();
  await app.identity.admin.createUser({ email });
  setTimeout(openGate, 300);
  await app.close();
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  expect(row?.sentAt).toBeInstanceOf(Date);
  expect(received.some((mail) => mail.to.includes(email))).toBe(true);
});

/** The body of the newest mail to `email`, as the mail server received it. */
const mailTo = (email: string) => [...received].reverse().find((mail) => mail.to.includes(email))?.text ?? '';

it('finishes a password reset with the code from the mail', async () => {
  const app = await buildTestApp({ SMTP_URL: smtpUrl }, database);
  try {
    const email = `reset-${randomUUID().slice(0, 8)}@school.example`;
    await app.identity.admin.createUser({ email, password: 'Start-Pass-1' });
    const ClientId = app.config.USER_POOL_CLIENT_ID;
    expect((await callIdentity(app, 'ForgotPassword', { ClientId, Username: email })).status).toBe(200);
    await until(() => /reset code is (\d+)/.test(mailTo(email)));
    const code = mailTo(email).match(/reset code is (\d+)/)?.[1] as string;
    const confirmed = await callIdentity(app, 'ConfirmForgotPassword', {
      ClientId,
      Username: email,
      ConfirmationCode: code,
      Password: 'Mailed-Pass-2',
    });
    expect(confirmed.status).toBe(200);
    expect((await passwordSignIn(app, email, 'Mailed-Pass-2')).body.AuthenticationResult).toBeTruthy();
    expect((await passwordSignIn(app, email, 'Start-Pass-1')).type).toBe('NotAuthorizedException');
  } finally {
    await app.close();
  }
});

it('finishes an invite with the temporary password from the mail, at the sign-in address it names', async () => {
  const app = await buildTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://athletics.example.org' }, database);
  try {
    const email = `invitee-${randomUUID().slice(0, 8)}@school.example`;
    await app.identity.admin.createUser({ email, givenName: 'Robin' });
    await until(() => /temporary password: (\S+)/.test(mailTo(email)));
    const mail = mailTo(email);
    expect(mail).toContain('Hello Robin,');
    expect(mail).toContain('https://athletics.example.org/auth/sign-in');
    const temporary = mail.match(/temporary password: (\S+)/)?.[1] as string;
    const first = await passwordSignIn(app, email, temporary);
    expect(first.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const chosen = await callIdentity(app, 'RespondToAuthChallenge', {
      ClientId: app.config.USER_POOL_CLIENT_ID,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: first.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Robin-Pass-1' },
    });
    expect(chosen.body.AuthenticationResult).toBeTruthy();
    expect((await passwordSignIn(app, email, 'Robin-Pass-1')).body.AuthenticationResult).toBeTruthy();
  } finally {
    await app.close();
  }
});
