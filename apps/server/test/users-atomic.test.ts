/**
 * Adding a person is atomic (issue #21 item 1, decision 017): the directory rows commit first,
 * the sign-in account (and its mailed temporary password) comes after, and a failed account
 * takes the rows out again. A roster import keeps its committed rows when an account fails,
 * and "Resend invite" makes the missing account.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, identityAccounts, mailOutbox, teamMembers, users } from '../src/db/schema/index.ts';
import { as, withSchools } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';

const fixture = withSchools();

const rowsFor = async (email: string) => {
  const db = fixture.app.testDatabase.db;
  return {
    users: await db.select().from(users).where(eq(users.email, email)),
    accounts: await db.select().from(identityAccounts).where(eq(identityAccounts.email, email)),
    mails: await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)),
  };
};

it('creates the sign-in account only once the directory rows are committed, and links it', async () => {
  const { app, school } = fixture;
  const email = 'ordered.person@school.example';
  const admin = app.identity.admin;
  const realCreate = admin.createUser.bind(admin);
  let seenAtAccountTime: (typeof users.$inferSelect)[] | undefined;
  // Observe (and then run) the real account creation: the person must already be committed.
  admin.createUser = async (input) => {
    seenAtAccountTime = await app.testDatabase.db.select().from(users).where(eq(users.email, input.email));
    return realCreate(input);
  };
  try {
    const res = await (await as(app, school.director)).post('/api/user', {
      email,
      firstName: 'Ora',
      lastName: 'Order',
      role: 'ATHLETE',
      dateOfBirth: '2008-02-03',
      teamIds: [school.varsity.id],
    });
    expect(res.statusCode, res.body).toBe(201);
  } finally {
    admin.createUser = realCreate;
  }
  expect(seenAtAccountTime).toHaveLength(1);
  expect(seenAtAccountTime?.[0]?.identitySub).toBeNull();
  const after = await rowsFor(email);
  expect(after.accounts).toHaveLength(1);
  expect(after.users[0]?.identitySub).toBe(after.accounts[0]?.sub);
  expect(after.mails).toHaveLength(1);
});

it('mails nothing and creates no account when the directory transaction fails', async () => {
  const { app, school } = fixture;
  const email = 'refused.person@school.example';
  const db = app.testDatabase.db;
  // A database that refuses this one audit entry: the whole directory change must roll back.
  await db.execute(
    sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin if new.summary like '%Refused Person%' then raise exception 'audit refused'; end if; return new; end $$`),
  );
  await db.execute(
    sql.raw('create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()'),
  );
  try {
    const res = await (await as(app, school.director)).post('/api/user', {
      email,
      firstName: 'Refused',
      lastName: 'Person',
      role: 'COACH',
      teamIds: [school.varsity.id],
    });
    expect(res.statusCode).toBe(500);
  } finally {
    await db.execute(sql.raw('drop trigger refuse_audit on audit_log'));
  }
  const after = await rowsFor(email);
  expect(after).toEqual({ users: [], accounts: [], mails: [] });
});

it('takes the person out of the directory again when the account cannot be created', async () => {
  const { app, school } = fixture;
  const email = 'taken.elsewhere@school.example';
  // The pool already has this e-mail (another app's account): creating the account fails.
  await app.identity.admin.createUser({ email, password: 'Test-Pass-123' });
  const varsity = () => app.testDatabase.db.select().from(teamMembers).where(eq(teamMembers.teamId, school.varsity.id));
  const membersBefore = (await varsity()).length;
  const res = await (await as(app, school.director)).post('/api/user', {
    email,
    firstName: 'Tak',
    lastName: 'En',
    role: 'ATHLETE',
    dateOfBirth: '2008-02-03',
    teamIds: [school.varsity.id],
  });
  expect(res.json()).toEqual({
    statusCode: 409,
    message: 'This e-mail address already has a sign-in account.',
    id: 'identity_username_exists',
  });
  const after = await rowsFor(email);
  expect(after.users).toEqual([]);
  expect(after.mails).toEqual([]);
  expect((await varsity()).length).toBe(membersBefore);
  const undone = await app.testDatabase.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.create.undone'), eq(auditLog.organizationId, school.org.id)));
  expect(undone).toHaveLength(1);
  expect(undone[0]?.summary).toMatch(/sign-in account could not be created/);
});

it('a roster import whose account creation fails keeps the roster; "Resend invite" then creates the account', async () => {
  const { app, school } = fixture;
  const director = await as(app, school.director);
  const admin = app.identity.admin;
  const realCreate = admin.createUser.bind(admin);
  const unlucky = 'unlucky.import@students.example';
  // The identity service refuses this one person at import time (after the commit).
  admin.createUser = async (input) => {
    if (input.email === unlucky) throw new Error('identity service unavailable');
    return realCreate(input);
  };
  const { idToken } = await signInAs(app, school.director.email);
  let res: Awaited<ReturnType<typeof app.inject>>;
  try {
    res = await app.inject({
      method: 'POST',
      url: '/api/user/import',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'text/csv' },
      payload: [
        'firstName,lastName,email,team',
        'Lucky,Import,lucky.import@students.example,Girls Varsity Basketball',
        `Unlucky,Import,${unlucky},Girls Varsity Basketball`,
      ].join('\n'),
    });
  } finally {
    admin.createUser = realCreate;
  }
  expect(res.statusCode, res.body).toBe(200);
  const lucky = await rowsFor('lucky.import@students.example');
  expect(lucky.users[0]?.identitySub).toBe(lucky.accounts[0]?.sub);
  expect(lucky.mails).toHaveLength(1);
  // The refused person is in the directory and on the roster, with no account and no mail.
  const before = await rowsFor(unlucky);
  expect(before.users).toHaveLength(1);
  expect(before.users[0]?.identitySub).toBeNull();
  expect(before).toMatchObject({ accounts: [], mails: [] });
  const person = before.users[0] as typeof users.$inferSelect;
  const onRoster = await fixture.app.testDatabase.db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, school.varsity.id), eq(teamMembers.userId, person.id)));
  expect(onRoster).toHaveLength(1);

  // An administrator sends the invite: the account is made, linked and mailed, and audited.
  const invite = await director.post(`/api/user/${person.id}/resend-invite`);
  expect(invite.statusCode, invite.body).toBe(200);
  const after = await rowsFor(unlucky);
  expect(after.accounts).toHaveLength(1);
  expect(after.users[0]?.identitySub).toBe(after.accounts[0]?.sub);
  expect(after.mails).toHaveLength(1);
  const [entry] = await fixture.app.testDatabase.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.invite'), eq(auditLog.entityId, String(person.id))));
  expect(entry?.summary).toBe('Sent the invite to Unlucky Import');
});
