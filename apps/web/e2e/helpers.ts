import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Demo people seeded by the e2e server on its first start (apps/server/src/seed/demo.ts). */
export const DEMO = {
  password: 'Fieldhouse-2026',
  admin: 'admin@lincolnhigh.example',
  director: 'marcus.reed@lincolnhigh.example',
  administrator: 'priya.shah@lincolnhigh.example',
  assistant: 'alicia.moreno@lincolnhigh.example',
  coach: 'coach@lincolnhigh.example',
  invited: 'new.admin@lincolnhigh.example',
  suspended: 'suspended.admin@lincolnhigh.example',
};

/** Fills and submits the sign-in form on the current page. */
export async function submitSignIn(page: Page, email: string, password = DEMO.password) {
  await page.getByLabel('Username or e-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the UI and waits for the signed-in shell. */
export async function signIn(page: Page, email = DEMO.admin, path = '/home/') {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(path)}`);
  await submitSignIn(page, email);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
}

/** The newest mail to `to`, read from the dev outbox with a super admin's token (the demo's, unless given). */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  admin: { email: string; password: string } = { email: DEMO.admin, password: DEMO.password },
): Promise<string> {
  const auth = await request.post('/api/identity', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'fieldhouse-web',
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    }),
  });
  const { AuthenticationResult } = (await auth.json()) as { AuthenticationResult: { IdToken: string } };
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`, {
    headers: { authorization: `Bearer ${AuthenticationResult.IdToken}` },
  });
  const { data } = (await res.json()) as { data: { result: { text: string }[] } };
  const mail = data.result[0];
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail.text;
}
