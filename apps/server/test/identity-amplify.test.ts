/**
 * Conformance: the real aws-amplify Auth library (v6.22, as the web app uses it) against the
 * embedded pool over HTTP. Every flow the web app needs, end to end.
 */

import { signInAfresh } from '@fieldhouse/client/auth/sign-in-afresh.ts';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { latestCode } from './helpers/outbox.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: app.config.USER_POOL_ID,
        userPoolClientId: app.config.USER_POOL_CLIENT_ID,
        userPoolEndpoint: `${url}/api/identity`,
      },
    },
  });
});
afterEach(async () => {
  await signOut().catch(() => {});
});
afterAll(async () => {
  await app.close();
});

const admin = () => app.identity.admin;
let n = 0;
const newEmail = () => `person${++n}.${Date.now()}@school.example`;

async function idToken() {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken) throw new Error('no id token');
  return tokens.idToken.toString();
}

describe('signing in on a device that still holds a session (packages/client signInAfresh)', () => {
  it('checks what was typed: the next person gets their own session, a wrong password an error', async () => {
    const [first, next] = [newEmail(), newEmail()];
    await admin().createUser({ email: first, givenName: 'Ana', password: 'Start-Pass-1' });
    await admin().createUser({ email: next, givenName: 'Ben', password: 'Start-Pass-2' });
    await signIn({ username: first, password: 'Start-Pass-1' });
    // Amplify alone refuses before it looks at the password; the forms took that as success.
    await expect(signIn({ username: next, password: 'wrong-Pass-9' })).rejects.toMatchObject({
      name: 'UserAlreadyAuthenticatedException',
    });
    await expect(signInAfresh(signIn, { username: next, password: 'wrong-Pass-9' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(getCurrentUser()).rejects.toThrow();
    await signIn({ username: first, password: 'Start-Pass-1' });
    expect(await signInAfresh(signIn, { username: next, password: 'Start-Pass-2' })).toMatchObject({
      isSignedIn: true,
    });
    expect((await fetchUserAttributes()).email).toBe(next);
  });
});

describe('Amplify sign-in', () => {
  it('signs in with SRP (the default) and gets verifiable Cognito-shaped tokens', async () => {
    const email = newEmail();
    const { sub } = await admin().createUser({ email, givenName: 'Ana', password: 'Start-Pass-1' });
    const result = await signIn({ username: email, password: 'Start-Pass-1' });
    expect(result).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

    const current = await getCurrentUser();
    expect(current).toMatchObject({ userId: sub, username: sub });
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload).toMatchObject({
      sub,
      'cognito:username': sub,
      email,
      email_verified: true,
      aud: app.config.USER_POOL_CLIENT_ID,
      token_use: 'id',
    });
    expect(tokens?.accessToken.payload).toMatchObject({
      sub,
      username: sub,
      client_id: app.config.USER_POOL_CLIENT_ID,
      token_use: 'access',
    });
    expect((tokens?.accessToken.payload.exp ?? 0) - (tokens?.accessToken.payload.iat ?? 0)).toBe(3600);
    await expect(app.identity.verify(await idToken())).resolves.toMatchObject({ sub });
    expect(await fetchUserAttributes()).toMatchObject({ email, sub, given_name: 'Ana' });
  });

  it('signs in with USER_PASSWORD_AUTH', async () => {
    const email = newEmail();
    await admin().createUser({ email, password: 'Start-Pass-1' });
    const result = await signIn({
      username: email,
      password: 'Start-Pass-1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(result.isSignedIn).toBe(true);
  });

  it('refuses a wrong password with NotAuthorizedException', async () => {
    const email = newEmail();
    await admin().createUser({ email, password: 'Start-Pass-1' });
    await expect(signIn({ username: email, password: 'Wrong-Pass-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(signIn({ username: 'nobody@school.example', password: 'Wrong-Pass-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('asks an invited user for a new password, then signs them in', async () => {
    const email = newEmail();
    const { temporaryPassword } = await admin().createUser({ email, givenName: 'Invited' });
    expect(temporaryPassword).toBeTruthy();
    const first = await signIn({ username: email, password: temporaryPassword as string });
    expect(first).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: [] },
    });
    await expect(confirmSignIn({ challengeResponse: 'short' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    const done = await confirmSignIn({ challengeResponse: 'Chosen-Pass-2' });
    expect(done).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await signOut();
    expect((await signIn({ username: email, password: 'Chosen-Pass-2' })).isSignedIn).toBe(true);
  });

  it('routes an unconfirmed sign-up through CONFIRM_SIGN_UP', async () => {
    const email = newEmail();
    const up = await signUp({ username: email, password: 'Signup-Pass-3', options: { userAttributes: { email } } });
    expect(up).toMatchObject({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    expect(await signIn({ username: email, password: 'Signup-Pass-3' })).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
    });
    const confirmed = await confirmSignUp({
      username: email,
      confirmationCode: await latestCode(app.testDatabase.db, email),
    });
    expect(confirmed).toMatchObject({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    expect((await signIn({ username: email, password: 'Signup-Pass-3' })).isSignedIn).toBe(true);
  });

  it('resets a forgotten password with a mailed code', async () => {
    const email = newEmail();
    await admin().createUser({ email, password: 'Start-Pass-1' });
    const reset = await resetPassword({ username: email });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    const code = await latestCode(app.testDatabase.db, email);
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'Reset-Pass-4' });
    await expect(
      confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'Reset-Pass-5' }),
    ).rejects.toMatchObject({
      name: 'ExpiredCodeException',
    });
    expect((await signIn({ username: email, password: 'Reset-Pass-4' })).isSignedIn).toBe(true);
  });

  it('changes the password of the signed-in user', async () => {
    const email = newEmail();
    await admin().createUser({ email, password: 'Start-Pass-1' });
    await signIn({ username: email, password: 'Start-Pass-1' });
    await expect(updatePassword({ oldPassword: 'Not-It-000', newPassword: 'Changed-Pass-6' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await updatePassword({ oldPassword: 'Start-Pass-1', newPassword: 'Changed-Pass-6' });
    await signOut();
    await expect(signIn({ username: email, password: 'Start-Pass-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: email, password: 'Changed-Pass-6' })).isSignedIn).toBe(true);
  });

  it('refreshes tokens on demand, rotating the refresh token', async () => {
    const email = newEmail();
    await admin().createUser({ email, password: 'Start-Pass-1' });
    await signIn({ username: email, password: 'Start-Pass-1' });
    const before = await fetchAuthSession();
    await new Promise((r) => setTimeout(r, 1100)); // a new iat
    const after = await fetchAuthSession({ forceRefresh: true });
    expect(after.tokens?.accessToken.toString()).not.toBe(before.tokens?.accessToken.toString());
    expect(after.tokens?.accessToken.payload.origin_jti).toBe(before.tokens?.accessToken.payload.origin_jti);
    await expect(app.identity.verify(await idToken())).resolves.toBeTruthy();
  });

  it('revokes the sign-in on sign-out, and every sign-in on global sign-out', async () => {
    const email = newEmail();
    await admin().createUser({ email, password: 'Start-Pass-1' });
    await signIn({ username: email, password: 'Start-Pass-1' });
    const first = await idToken();
    await signOut();
    await expect(app.identity.verify(first)).rejects.toMatchObject({ message: 'Access Token has been revoked' });

    await signIn({ username: email, password: 'Start-Pass-1' });
    const second = await idToken();
    await signOut({ global: true });
    await expect(app.identity.verify(second)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses a disabled user and the tokens they already had', async () => {
    const email = newEmail();
    const { sub } = await admin().createUser({ email, password: 'Start-Pass-1' });
    await signIn({ username: email, password: 'Start-Pass-1' });
    const token = await idToken();
    await admin().disableUser(sub);
    await expect(app.identity.verify(token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await signOut();
    await expect(signIn({ username: email, password: 'Start-Pass-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    await admin().enableUser(sub);
    expect((await signIn({ username: email, password: 'Start-Pass-1' })).isSignedIn).toBe(true);
  });
});
