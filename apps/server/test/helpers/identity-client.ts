/**
 * A raw client of POST /api/identity for tests that compare whole answers (error name, message,
 * body shape), and Amplify's own SRP client code driving USER_SRP_AUTH step by step.
 */
import { formatSrpTimestamp } from '../../src/identity/srp.ts';
import { loadAmplifySrp } from './amplify-srp.ts';
import type { TestApp } from './app.ts';

export type IdentityAnswer = { status: number; type?: string; message?: string; body: Record<string, unknown> };

type Call = (operation: string, input: object) => Promise<IdentityAnswer>;

const identityHeaders = (operation: string) => ({
  'content-type': 'application/x-amz-json-1.1',
  'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
});

const answerOf = (status: number, body: Record<string, unknown>): IdentityAnswer => ({
  status,
  ...(typeof body.__type === 'string' ? { type: body.__type } : {}),
  ...(typeof body.message === 'string' ? { message: body.message } : {}),
  body,
});

/** One Cognito operation through the real endpoint (app.inject), answered as status, __type and body. */
export async function callIdentity(app: TestApp, operation: string, input: object): Promise<IdentityAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity',
    headers: identityHeaders(operation),
    payload: JSON.stringify(input),
  });
  return answerOf(res.statusCode, res.json() as Record<string, unknown>);
}

/** The same over HTTP, for a server running in its own process. */
export const identityAt =
  (url: string): Call =>
  async (operation, input) => {
    const res = await fetch(`${url}/api/identity`, {
      method: 'POST',
      headers: identityHeaders(operation),
      body: JSON.stringify(input),
    });
    return answerOf(res.status, (await res.json()) as Record<string, unknown>);
  };

/** InitiateAuth with USER_PASSWORD_AUTH, answered whole. */
export const passwordSignIn = (app: TestApp, username: string, password: string) =>
  callIdentity(app, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: app.config.USER_POOL_CLIENT_ID,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });

/** Only the error of an answer: what a client (and an attacker) can compare. */
export const errorOf = (answer: IdentityAnswer) => ({ type: answer.type, message: answer.message });

/**
 * USER_SRP_AUTH as Amplify runs it: both answers, so a test can compare the challenge too, and
 * the time the server took (without the client's own arithmetic).
 */
export const srpSignIn = (app: TestApp, username: string, password: string) =>
  srpSignInWith(
    (operation, input) => callIdentity(app, operation, input),
    { clientId: app.config.USER_POOL_CLIENT_ID, poolId: app.config.USER_POOL_ID },
    username,
    password,
  );

/** USER_SRP_AUTH through any endpoint `call` reaches (app.inject or HTTP). */
export async function srpSignInWith(
  call: Call,
  pool: { clientId: string; poolId: string },
  username: string,
  password: string,
) {
  const ClientId = pool.clientId;
  const poolName = pool.poolId.split('_')[1] ?? pool.poolId;
  const amplify = await loadAmplifySrp();
  const helper = await amplify.getAuthenticationHelper(poolName);
  let started = performance.now();
  const challenge = await call('InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId,
    AuthParameters: { USERNAME: username, SRP_A: helper.A.toString(16) },
  });
  const parameters = challenge.body.ChallengeParameters as Record<string, string> | undefined;
  let serverMs = performance.now() - started;
  if (challenge.type || !parameters) return { challenge, answer: challenge, serverMs };
  const userId = parameters.USER_ID_FOR_SRP as string;
  const hkdf = await helper.getPasswordAuthenticationKey({
    username: userId,
    password,
    serverBValue: amplify.bigInteger(parameters.SRP_B as string),
    salt: amplify.bigInteger(parameters.SALT as string),
  });
  const dateNow = formatSrpTimestamp(new Date());
  const signature = amplify.getSignatureString({
    userPoolName: poolName,
    username: userId,
    challengeParameters: parameters,
    dateNow,
    hkdf,
  });
  started = performance.now();
  const answer = await call('RespondToAuthChallenge', {
    ChallengeName: 'PASSWORD_VERIFIER',
    ClientId,
    ChallengeResponses: {
      USERNAME: userId,
      PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
      PASSWORD_CLAIM_SIGNATURE: signature,
      TIMESTAMP: dateNow,
    },
  });
  serverMs += performance.now() - started;
  return { challenge, answer, serverMs };
}

/** USER_SRP_AUTH, as the web app signs in, against a running server; returns the id token. */
export async function srpSignInAt(url: string, email: string, password: string): Promise<string> {
  const config = (await (await fetch(`${url}/api/config`)).json()) as {
    auth: { userPoolId: string; userPoolClientId: string };
  };
  const { answer } = await srpSignInWith(
    identityAt(url),
    { clientId: config.auth.userPoolClientId, poolId: config.auth.userPoolId },
    email,
    password,
  );
  const result = answer.body.AuthenticationResult as { IdToken: string } | undefined;
  if (!result) throw new Error(`SRP sign-in of ${email} failed: ${answer.type} ${answer.message}`);
  return result.IdToken;
}
