/**
 * Test data with overrides: people who can sign in (an app user linked to an identity account)
 * and the tokens they get from the real identity endpoint.
 */
import { randomUUID } from 'node:crypto';
import type { Role, UserStatus } from '@fieldhouse/shared';
import { organizations, users } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';

export const TEST_PASSWORD = 'Test-Pass-123';

export async function buildOrganization(app: TestApp, overrides: Partial<typeof organizations.$inferInsert> = {}) {
  const slug = `school-${randomUUID().slice(0, 8)}`;
  const [org] = await app.testDatabase.db
    .insert(organizations)
    .values({ name: 'Westfield High', slug, ...overrides })
    .returning();
  if (!org) throw new Error('no organization');
  return org;
}

export async function buildUser(
  app: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role; status?: UserStatus } = {},
) {
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@school.example`;
  const { sub } = await app.identity.admin.createUser({
    email,
    givenName: overrides.firstName ?? 'Test',
    password: TEST_PASSWORD,
  });
  const [user] = await app.testDatabase.db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: 'Person',
      role: 'ATHLETIC_DIRECTOR',
      status: 'ACTIVE',
      ...overrides,
      email,
      identitySub: sub,
    })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

/** Signs in through POST /api/identity (USER_PASSWORD_AUTH) and returns the tokens. */
export async function signInAs(app: TestApp, email: string, password = TEST_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: app.config.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = res.json() as { AuthenticationResult?: { IdToken: string; AccessToken: string; RefreshToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${res.body}`);
  const { IdToken, AccessToken, RefreshToken } = body.AuthenticationResult;
  return { idToken: IdToken, accessToken: AccessToken, refreshToken: RefreshToken };
}
