/**
 * IDENTITY_MODE=cognito against a Cognito-compatible server from the registry (cognito-local, in
 * its own process) through COGNITO_ENDPOINT: the first administrator is created in the pool, signs
 * in there, and the app accepts the token (checked against the pool's JWKS); the app's user
 * administration creates, switches off, switches on and deletes sign-in accounts in the pool.
 *
 * What cognito-local does not do, so this test cannot show (decision 015): it has no USER_SRP_AUTH
 * (sign-in here is USER_PASSWORD_AUTH), no AdminUserGlobalSignOut (so no administrator-set
 * password, which ends sign-ins), and it lets a disabled account sign in (so a switched-off person
 * is shown refused by the app, which checks the person's status, and disabled in the pool).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap.ts';
import { connectSources } from '../src/http/security-headers.ts';
import { IdentityError } from '../src/identity/errors.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { freePorts } from './helpers/free-ports.ts';
import { forgeToken } from './helpers/identity.ts';

const INVITE_PASSWORD = 'Invite-Pass-1';
const ADMIN = { email: 'director@district.example', password: 'Director-Pass-1' };
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-cognito-'));
let cognito: ChildProcess;
let endpoint = '';
let sdk: CognitoIdentityProviderClient;
let pool = { id: '', clientId: '' };
let app: TestApp;
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  const [port] = await freePorts(1);
  endpoint = `http://127.0.0.1:${port}`;
  const start = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  // HOST and PORT also make its token issuer http://127.0.0.1:<port>/<pool id>. CODE is the
  // temporary password of every invite it "sends" (it prints mail instead of sending it).
  cognito = spawn(process.execPath, [start], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), CODE: INVITE_PASSWORD },
    stdio: 'ignore',
  });
  for (let i = 0; (await fetch(`${endpoint}/health`).catch(() => undefined))?.status !== 200; i++) {
    if (i > 200 || cognito.exitCode !== null) throw new Error('cognito-local did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  sdk = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint, credentials });
  const created = await sdk.send(new CreateUserPoolCommand({ PoolName: 'district', UsernameAttributes: ['email'] }));
  const client = await sdk.send(
    new CreateUserPoolClientCommand({ UserPoolId: created.UserPool?.Id, ClientName: 'fieldhouse-web' }),
  );
  pool = { id: created.UserPool?.Id as string, clientId: client.UserPoolClient?.ClientId as string };
  // The app's admin client takes AWS credentials from the default chain, as in production.
  process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
  app = await buildTestApp({
    IDENTITY_MODE: 'cognito',
    COGNITO_REGION: 'us-east-1',
    COGNITO_ENDPOINT: endpoint,
    USER_POOL_ID: pool.id,
    USER_POOL_CLIENT_ID: pool.clientId,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  cognito?.kill();
  rmSync(dir, { recursive: true, force: true });
  for (const [key, value] of [
    ['AWS_ACCESS_KEY_ID', savedEnv.id],
    ['AWS_SECRET_ACCESS_KEY', savedEnv.secret],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** Sign-in at the pool itself, as the web app does in cognito mode. */
const poolSignIn = (email: string, password: string) =>
  sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('IDENTITY_MODE=cognito against cognito-local', () => {
  it('tells the web app to sign in at the pool', async () => {
    const config = (await app.inject({ url: '/api/config' })).json() as { auth: Record<string, string> };
    // …and the page's Content-Security-Policy lets it connect there.
    expect(connectSources(app.config)).toContain(endpoint);
    expect(config.auth).toMatchObject({
      userPoolId: pool.id,
      userPoolClientId: pool.clientId,
      userPoolEndpoint: endpoint,
    });
  });

  it('creates the first administrator in the pool, and accepts the pool’s tokens and no others', async () => {
    const result = await bootstrap(app.testDatabase, app.identity.admin, {
      FIELDHOUSE_ADMIN_EMAIL: ADMIN.email,
      FIELDHOUSE_ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: false,
    });
    expect(result.kind).toBe('admin');
    const signedIn = await poolSignIn(ADMIN.email, ADMIN.password);
    const tokens = signedIn.AuthenticationResult;
    expect(tokens?.IdToken).toBeTruthy();

    // The id and the access token, verified against the JWKS cognito-local serves.
    for (const token of [tokens?.IdToken, tokens?.AccessToken] as string[]) {
      const me = await app.inject({ url: '/api/auth/me', headers: asBearer(token) });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json().data.user).toMatchObject({ email: ADMIN.email, role: 'SUPER_ADMIN' });
    }
    const verified = await app.identity.verify(tokens?.IdToken as string);
    expect(verified.claims).toMatchObject({ iss: `${endpoint}/${pool.id}`, aud: pool.clientId, token_use: 'id' });

    // Same claims, another key: refused. So is a real token of another app client.
    const forged = await forgeToken({ ...verified.claims });
    expect((await app.inject({ url: '/api/auth/me', headers: asBearer(forged) })).statusCode).toBe(401);
    const other = await sdk.send(new CreateUserPoolClientCommand({ UserPoolId: pool.id, ClientName: 'other-app' }));
    const foreign = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: other.UserPoolClient?.ClientId,
        AuthParameters: { USERNAME: ADMIN.email, PASSWORD: ADMIN.password },
      }),
    );
    const foreignToken = foreign.AuthenticationResult?.IdToken as string;
    expect((await app.inject({ url: '/api/auth/me', headers: asBearer(foreignToken) })).statusCode).toBe(401);
  });

  it('creates, switches off, switches on and deletes sign-in accounts in the pool', async () => {
    const { IdToken } = (await poolSignIn(ADMIN.email, ADMIN.password)).AuthenticationResult ?? {};
    const headers = asBearer(IdToken as string);
    const org = await app.inject({
      method: 'POST',
      url: '/api/auth/organizations',
      headers,
      payload: { name: 'Ridge High', slug: 'ridge-high', timezone: 'America/Denver' },
    });
    expect(org.statusCode, org.body).toBe(201);

    // Created in the app: the pool makes the account and "mails" the invite's temporary password.
    const created = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers,
      payload: {
        email: 'coach.kim@district.example',
        firstName: 'Kim',
        role: 'ATHLETIC_DIRECTOR',
        organizationId: org.json().data.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json().data.user as { id: number };
    const invited = await poolSignIn('coach.kim@district.example', INVITE_PASSWORD);
    expect(invited.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const sub = (await app.testDatabase.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) }))
      ?.identitySub as string;
    expect((await app.identity.admin.getUser(sub)).enabled).toBe(true);

    // The invite finished as the web app finishes it: a new password for the challenge.
    const chosen = await sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: pool.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: invited.Session,
        ChallengeResponses: { USERNAME: 'coach.kim@district.example', NEW_PASSWORD: 'Kim-Pass-1' },
      }),
    );
    const kimToken = chosen.AuthenticationResult?.IdToken as string;
    const kimLists = () => app.inject({ url: '/api/user/list', headers: asBearer(kimToken) });
    expect((await kimLists()).statusCode).toBe(200);

    // Switched off in the app: disabled in the pool; the app refuses the person's tokens.
    const suspended = await app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/status`,
      headers,
      payload: { status: 'SUSPENDED', reason: 'Left the school' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await app.identity.admin.getUser(sub)).enabled).toBe(false);
    // A token issued before stays valid at the pool until it expires; the app refuses the person.
    expect((await kimLists()).statusCode).toBe(403);
    const me = await app.inject({ url: '/api/auth/me', headers: asBearer(kimToken) });
    expect(me.json().data.user.status).toBe('SUSPENDED');

    // Switched on again: enabled in the pool, and the person is let in.
    const reactivated = await app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/status`,
      headers,
      payload: { status: 'ACTIVE' },
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect((await app.identity.admin.getUser(sub)).enabled).toBe(true);
    expect((await kimLists()).statusCode).toBe(200);

    // Deleted (what undoing a failed creation does): gone from the pool, in the app's error terms.
    await app.identity.admin.deleteUser(sub);
    await expect(sdk.send(new AdminGetUserCommand({ UserPoolId: pool.id, Username: sub }))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
    const lookup = app.identity.admin.getUser(sub);
    await expect(lookup).rejects.toBeInstanceOf(IdentityError);
    await expect(lookup).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});
