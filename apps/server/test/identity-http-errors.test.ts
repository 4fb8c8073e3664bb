/**
 * One meaning for identity errors over REST (issue #21 item 4): an administrator's request that
 * meets an identity error gets a 4xx with a sentence that says what happened, never a 500, and
 * never 401/403 (which the web reads as "signed out").
 */
import { expect, it } from 'vitest';
import { as, withSchools } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';

const fixture = withSchools();

it('answers 404 when the person’s sign-in account is gone', async () => {
  const { app, school } = fixture;
  const person = await buildUser(app, { role: 'COACH', organizationId: school.org.id });
  await app.identity.admin.deleteUser(person.identitySub as string);
  const res = await (await as(app, school.director)).patch(`/api/user/${person.id}/status`, { status: 'SUSPENDED' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({
    statusCode: 404,
    message: 'This person has no sign-in account (it may have been deleted).',
    id: 'identity_user_not_found',
  });
});

it('answers 409 for an e-mail that already has a sign-in account, and for an invite already accepted', async () => {
  const { app, school } = fixture;
  const director = await as(app, school.director);
  await app.identity.admin.createUser({ email: 'taken.account@school.example', password: 'Test-Pass-123' });
  const taken = await director.post('/api/user', {
    email: 'taken.account@school.example',
    firstName: 'Tay',
    role: 'COACH',
  });
  expect(taken.json()).toEqual({
    statusCode: 409,
    message: 'This e-mail address already has a sign-in account.',
    id: 'identity_username_exists',
  });
  const accepted = await director.post(`/api/user/${school.coach.id}/resend-invite`);
  expect(accepted.json()).toEqual({
    statusCode: 409,
    message: 'This person has already signed in, so there is no invite to resend.',
    id: 'identity_user_state',
  });
});
