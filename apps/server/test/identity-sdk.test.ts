/**
 * Conformance with the AWS SDK's Cognito client, plus the abuse and tampering cases: lockout,
 * codes, challenge reuse, forged tokens, revoked refresh tokens, key rotation, rate limits.
 */

import {
  ChangePasswordCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  LimitExceededException,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  TooManyRequestsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityCodes, mailOutbox } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { forgeToken } from './helpers/identity.ts';
import { latestCode } from './helpers/outbox.ts';

let app: TestApp;
let client: CognitoIdentityProviderClient;
let url: string;
let ClientId: string;

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  ClientId = app.config.USER_POOL_CLIENT_ID;
  client = new CognitoIdentityProviderClient({
    endpoint: `${url}/api/identity`,
    region: 'local',
    credentials: { accessKeyId: 'dummy', secretAccessKey: 'dummy' },
    maxAttempts: 1,
  });
});
afterAll(async () => {
  client.destroy();
  await app.close();
});

let n = 0;
const newEmail = () => `sdk${++n}.${Date.now()}@school.example`;
const passwordAuth = (email: string, password: string) =>
  client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

async function signedIn(password = 'Start-Pass-1') {
  const email = newEmail();
  const { sub } = await app.identity.admin.createUser({ email, password });
  const result = await passwordAuth(email, password);
  const tokens = result.AuthenticationResult;
  if (!tokens?.AccessToken || !tokens.IdToken || !tokens.RefreshToken) throw new Error('no tokens');
  return { email, sub, tokens: { access: tokens.AccessToken, id: tokens.IdToken, refresh: tokens.RefreshToken } };
}

describe('AWS SDK operations', () => {
  it('signs in, reads the user and refreshes both ways', async () => {
    const { sub, tokens, email } = await signedIn();
    const user = await client.send(new GetUserCommand({ AccessToken: tokens.access }));
    expect(user.Username).toBe(sub);
    expect(user.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: email }]));

    const classic = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refresh },
      }),
    );
    expect(classic.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(classic.AuthenticationResult?.RefreshToken).toBeUndefined();

    const rotated = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: tokens.refresh }));
    const next = rotated.AuthenticationResult?.RefreshToken;
    expect(next).toBeTruthy();
    expect(next).not.toBe(tokens.refresh);
    // The rotated-out token is spent.
    await expect(
      client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: tokens.refresh })),
    ).rejects.toBeInstanceOf(NotAuthorizedException);
    await expect(
      client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: next as string })),
    ).resolves.toBeTruthy();
  });

  it('revokes refresh tokens and signs out globally', async () => {
    const a = await signedIn();
    await client.send(new RevokeTokenCommand({ ClientId, Token: a.tokens.refresh }));
    await expect(
      client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: a.tokens.refresh })),
    ).rejects.toBeInstanceOf(NotAuthorizedException);
    await expect(client.send(new GetUserCommand({ AccessToken: a.tokens.access }))).rejects.toBeInstanceOf(
      NotAuthorizedException,
    );

    const b = await signedIn();
    await client.send(new GlobalSignOutCommand({ AccessToken: b.tokens.access }));
    await expect(client.send(new GetUserCommand({ AccessToken: b.tokens.access }))).rejects.toBeInstanceOf(
      NotAuthorizedException,
    );
  });

  it('signs up without revealing a taken e-mail, and confirms with the mailed code only', async () => {
    const email = newEmail();
    const up = await client.send(
      new SignUpCommand({
        ClientId,
        Username: email,
        Password: 'Signup-Pass-3',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    expect(up).toMatchObject({
      UserConfirmed: false,
      CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    expect(up.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    const first = await latestCode(app.testDatabase.db, email);
    // A taken e-mail is not revealed: the same answer (a stand-in sub that repeats), and its
    // owner is told by mail instead.
    const again = () =>
      client.send(new SignUpCommand({ ClientId, Username: email, Password: 'Signup-Pass-3', UserAttributes: [] }));
    const [taken, takenAgain] = [await again(), await again()];
    expect(taken).toMatchObject({ UserConfirmed: false, CodeDeliveryDetails: up.CodeDeliveryDetails });
    expect(taken.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(taken.UserSub).not.toBe(up.UserSub);
    expect(takenAgain.UserSub).toBe(taken.UserSub);
    const [notice] = await app.testDatabase.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(notice?.kind).toBe('account-exists');
    await expect(
      client.send(new SignUpCommand({ ClientId, Username: newEmail(), Password: 'weak', UserAttributes: [] })),
    ).rejects.toBeInstanceOf(InvalidPasswordException);
    // Only the pool's attributes: a token claim given as one (it overrode the id token's) is refused.
    for (const Name of ['token_use', 'custom:role', 'sub'])
      await expect(
        client.send(
          new SignUpCommand({
            ClientId,
            Username: newEmail(),
            Password: 'Signup-Pass-3',
            UserAttributes: [{ Name, Value: 'access' }],
          }),
        ),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: `Attributes did not conform to the schema: ${Name}: Attribute does not exist in the schema.`,
      });
    await client.send(new ResendConfirmationCodeCommand({ ClientId, Username: email }));
    const second = await latestCode(app.testDatabase.db, email);
    if (first !== second) {
      await expect(
        client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: first })),
      ).rejects.toBeInstanceOf(CodeMismatchException);
    }
    await client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: second }));
    await expect(passwordAuth(email, 'Signup-Pass-3')).resolves.toBeTruthy();
  });

  it('enforces the password policy and the old password on change', async () => {
    const { tokens } = await signedIn();
    await expect(
      client.send(
        new ChangePasswordCommand({
          AccessToken: tokens.access,
          PreviousPassword: 'Start-Pass-1',
          ProposedPassword: 'alllowercase1',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: expect.stringContaining('an uppercase letter'),
    });
    await client.send(
      new ChangePasswordCommand({
        AccessToken: tokens.access,
        PreviousPassword: 'Start-Pass-1',
        ProposedPassword: 'Better-Pass-9',
      }),
    );
  });
});

describe('abuse', () => {
  it('locks an account after 5 failures, for 2^(n-5) s', async () => {
    const email = newEmail();
    await app.identity.admin.createUser({ email, password: 'Start-Pass-1' });
    for (let i = 0; i < 5; i++)
      await expect(passwordAuth(email, `Wrong-${i}-Aa`)).rejects.toBeInstanceOf(NotAuthorizedException);
    // Locked: even the right password is refused, with the answer an unknown user gets.
    await expect(passwordAuth(email, 'Start-Pass-1')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    });
    await new Promise((r) => setTimeout(r, 1200));
    await expect(passwordAuth(email, 'Start-Pass-1')).resolves.toBeTruthy();
    // Success resets the count: one more failure does not lock.
    await expect(passwordAuth(email, 'Wrong-x-Aa')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    });
    await expect(passwordAuth(email, 'Start-Pass-1')).resolves.toBeTruthy();
  });

  it('limits code attempts and refuses expired codes', async () => {
    const email = newEmail();
    await app.identity.admin.createUser({ email, password: 'Start-Pass-1' });
    await client.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    const code = await latestCode(app.testDatabase.db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await expect(
        client.send(
          new ConfirmForgotPasswordCommand({
            ClientId,
            Username: email,
            ConfirmationCode: wrong,
            Password: 'Reset-Pass-4',
          }),
        ),
      ).rejects.toBeInstanceOf(CodeMismatchException);
    }
    await expect(
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId,
          Username: email,
          ConfirmationCode: code,
          Password: 'Reset-Pass-4',
        }),
      ),
    ).rejects.toBeInstanceOf(LimitExceededException);

    await client.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    const fresh = await latestCode(app.testDatabase.db, email);
    await app.testDatabase.db.update(identityCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    await expect(
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId,
          Username: email,
          ConfirmationCode: fresh,
          Password: 'Reset-Pass-4',
        }),
      ),
    ).rejects.toBeInstanceOf(ExpiredCodeException);
  });

  it('uses a challenge session once', async () => {
    const email = newEmail();
    const { temporaryPassword } = await app.identity.admin.createUser({ email });
    const challenge = await passwordAuth(email, temporaryPassword as string);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answer = () =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Chosen-Pass-2' },
        }),
      );
    await expect(answer()).resolves.toMatchObject({ AuthenticationResult: { TokenType: 'Bearer', ExpiresIn: 3600 } });
    await expect(answer()).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: expect.stringContaining('session'),
    });
  });

  it('answers too many sign-in attempts from one address with TooManyRequestsException', async () => {
    const limited = await buildTestApp({ IDENTITY_RATE_LIMIT: '3' });
    const limitedUrl = await limited.listen({ port: 0, host: '127.0.0.1' });
    const limitedClient = new CognitoIdentityProviderClient({
      endpoint: `${limitedUrl}/api/identity`,
      region: 'local',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      maxAttempts: 1,
    });
    try {
      const attempt = () =>
        limitedClient.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId,
            AuthParameters: { USERNAME: 'a@b.example', PASSWORD: 'x' },
          }),
        );
      for (let i = 0; i < 3; i++) await expect(attempt()).rejects.toBeInstanceOf(NotAuthorizedException);
      await expect(attempt()).rejects.toBeInstanceOf(TooManyRequestsException);
    } finally {
      limitedClient.destroy();
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('refuses alg none, a foreign key, another audience and expired tokens', async () => {
    const { tokens } = await signedIn();
    const claims = decodeJwt(tokens.id);
    const [header] = tokens.id.split('.');
    const kid = JSON.parse(Buffer.from(header as string, 'base64url').toString()).kid as string;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${tokens.id.split('.')[1]}.`;
    await expect(app.identity.verify(none)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(app.identity.verify(await forgeToken(claims, undefined, kid))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

    const key = app.identity.embedded?.keys.current();
    if (!key) throw new Error('no key');
    await expect(
      app.identity.verify(await forgeToken({ ...claims, aud: 'another-client' }, key.privateKey, key.kid)),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const past = Math.floor(Date.now() / 1000) - 7200;
    await expect(
      app.identity.verify(await forgeToken({ ...claims, iat: past, exp: past + 3600 }, key.privateKey, key.kid)),
    ).rejects.toMatchObject({
      message: 'Access Token has expired',
    });
    const tampered = `${tokens.id.slice(0, -4)}AAAA`;
    await expect(app.identity.verify(tampered)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(app.identity.verify(tokens.id)).resolves.toBeTruthy();
  });

  it('publishes the JWKS and keeps old keys verifying after a rotation', async () => {
    const { tokens } = await signedIn();
    const keys = app.identity.embedded?.keys;
    if (!keys) throw new Error('embedded only');
    const oldKid = keys.current()?.kid;
    await keys.rotate();
    await expect(app.identity.verify(tokens.id)).resolves.toBeTruthy();
    const fresh = await signedIn();
    expect(JSON.parse(Buffer.from(fresh.tokens.id.split('.')[0] as string, 'base64url').toString()).kid).not.toBe(
      oldKid,
    );
    for (const path of ['/.well-known/jwks.json', `/${app.config.USER_POOL_ID}/.well-known/jwks.json`]) {
      const jwks = (await (await fetch(`${url}${path}`)).json()) as {
        keys: { kid: string; alg: string; n: string; d?: string }[];
      };
      expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, keys.current()?.kid]));
      expect(jwks.keys.every((k) => k.alg === 'RS256' && k.n && k.d === undefined)).toBe(true);
    }
  });
});

describe('protocol', () => {
  it('answers the browser preflight with every header Amplify sends', async () => {
    const res = await fetch(`${url}/api/identity`, {
      method: 'OPTIONS',
      headers: { origin: 'http://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const h of [
      'amz-sdk-invocation-id',
      'amz-sdk-request',
      'cache-control',
      'content-type',
      'x-amz-target',
      'x-amz-user-agent',
    ]) {
      expect(allowed).toContain(h);
    }
    expect(res.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype');
  });

  it('refuses admin operations over HTTP and malformed requests in Cognito’s format', async () => {
    const post = (target: string, body: string) =>
      fetch(`${url}/api/identity`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
        },
        body,
      });
    const adminCall = await post('AdminCreateUser', JSON.stringify({ UserPoolId: 'x', Username: 'evil@x.example' }));
    expect(adminCall.status).toBe(400);
    expect(adminCall.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
    const broken = await post('InitiateAuth', '{not json');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { __type: string }).__type).toBe('SerializationException');
    const missing = await post('InitiateAuth', JSON.stringify({ ClientId }));
    expect(((await missing.json()) as { __type: string }).__type).toBe('InvalidParameterException');
    const wrongClient = await post(
      'InitiateAuth',
      JSON.stringify({ ClientId: 'nope', AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: {} }),
    );
    expect(((await wrongClient.json()) as { __type: string }).__type).toBe('ResourceNotFoundException');
  });

  it('keeps the database rows of codes hashed', async () => {
    const email = newEmail();
    await app.identity.admin.createUser({ email, password: 'Start-Pass-1' });
    await client.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    const code = await latestCode(app.testDatabase.db, email);
    const rows = await app.testDatabase.db
      .select()
      .from(identityCodes)
      .where(eq(identityCodes.purpose, 'RESET_PASSWORD'));
    expect(rows.some((r) => r.codeHash.includes(code))).toBe(false);
  });
});
