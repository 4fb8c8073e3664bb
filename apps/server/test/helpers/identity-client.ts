/**
 * A raw client of POST /api/identity for tests that compare whole answers (error name, message,
 * body shape), and Amplify's own SRP client code driving USER_SRP_AUTH step by step.
 */
import { formatSrpTimestamp } from '../../src/identity/srp.ts';
import { loadAmplifySrp } from './amplify-srp.ts';
import type { TestApp } from './app.ts';

export type IdentityAnswer = { status: number; type?: string; message?: string; body: Record<string, unknown> };

/** One Cognito operation through the real endpoint (app.inject), answered as status, __type and body. */
export async function callIdentity(app: TestApp, operation: string, input: object): Promise<IdentityAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    payload: JSON.stringify(input),
  });
  const body = res.json() as Record<string, unknown>;
  return {
    status: res.statusCode,
    ...(typeof body.__type === 'string' ? { type: body.__type } : {}),
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
    body,
  };
}

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
export async function srpSignIn(app: TestApp, username: string, password: string) {
  const ClientId = app.config.USER_POOL_CLIENT_ID;
  const poolName = app.config.USER_POOL_ID.split('_')[1] ?? app.config.USER_POOL_ID;
  const amplify = await loadAmplifySrp();
  const helper = await amplify.getAuthenticationHelper(poolName);
  let started = performance.now();
  const challenge = await callIdentity(app, 'InitiateAuth', {
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
  const answer = await callIdentity(app, 'RespondToAuthChallenge', {
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
