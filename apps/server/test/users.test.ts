import { pagedResponseSchema, userSchema } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coaches, identityAccounts, teamCoaches, teamMembers, users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';
import { latestCode } from './helpers/outbox.ts';

let app: TestApp;
let school: School;
let other: School;
let director: Awaited<ReturnType<typeof as>>;

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  director = await as(app, school.director);
});
afterAll(async () => {
  await app.close();
});

const page = pagedResponseSchema(userSchema);
const list = async (query = '', client = director) => {
  const res = await client.get(`/api/user/list${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return page.parse(res.json()).data;
};

describe('GET /api/user/list', () => {
  it('pages the organization’s users in the SPEC §3 shape', async () => {
    const data = await list('?limit=3');
    expect(data.result).toHaveLength(3);
    expect(data.paginationInfo).toEqual({
      isFirstPage: true,
      isLastPage: false,
      currentPage: 1,
      previousPage: null,
      nextPage: 2,
      pageCount: 3,
      totalCount: 8,
    });
    expect(data.result.map((u) => u.firstName)).toEqual(['Ari', 'Asa', 'Cora']);
    expect(data.result.every((u) => u.organizationId === school.org.id)).toBe(true);
  });

  it('searches names, full names and e-mails regardless of case and accents', async () => {
    expect((await list('?search=zoe%20nunez')).result.map((u) => u.id)).toEqual([school.athlete.id]);
    expect((await list('?search=N%C3%9A%C3%91EZ')).result.map((u) => u.id).sort()).toEqual(
      [school.athlete.id, school.parent.id].sort(),
    );
    expect(
      (await list(`?search=${encodeURIComponent(school.coach.email.toUpperCase())}`)).result.map((u) => u.id),
    ).toEqual([school.coach.id]);
    expect((await list('?search=%25')).result).toEqual([]);
  });

  it('sorts, filters by role group and by team', async () => {
    const byEmailDesc = (await list('?sort=email&order=desc')).result.map((u) => u.email);
    expect(byEmailDesc).toEqual([...byEmailDesc].sort().reverse());
    expect((await list('?type=ADMIN')).result.map((u) => u.role).sort()).toEqual(
      ['ASSISTANT_ATHLETIC_DIRECTOR', 'ATHLETIC_ADMINISTRATOR', 'ATHLETIC_DIRECTOR', 'SUPER_ADMIN'].sort(),
    );
    expect((await list('?type=PARENT')).result.map((u) => u.id)).toEqual([school.parent.id]);
    const varsity = (await list(`?teamId=${school.varsity.id}`)).result;
    expect(varsity.map((u) => u.id).sort()).toEqual([school.coach.id, school.athlete.id].sort());
    const athlete = varsity.find((u) => u.id === school.athlete.id);
    expect(athlete?.JoinedTeams).toEqual([
      expect.objectContaining({ id: school.varsity.id, Sport: expect.objectContaining({ icon: 'ball-basketball' }) }),
    ]);
    const coach = varsity.find((u) => u.id === school.coach.id);
    expect(coach?.Coach?.TeamCoaches).toEqual([expect.objectContaining({ teamId: school.varsity.id, role: 'HEAD' })]);
  });

  it('presents every team, by name, the same in the list as for one user', async () => {
    const north = await buildSchool(app, 'Northgate High');
    const db = app.testDatabase.db;
    const [coachRow] = await db.select().from(coaches).where(eq(coaches.userId, north.coach.id));
    await db.insert(teamMembers).values({ teamId: north.jv.id, userId: north.athlete.id });
    await db.insert(teamCoaches).values({ coachId: coachRow?.id as number, teamId: north.jv.id, role: 'ASSISTANT' });
    const northDirector = await as(app, north.director);
    const listed = (await list('?limit=100', northDirector)).result;
    const athlete = listed.find((u) => u.id === north.athlete.id);
    // 'Girls JV Basketball' before 'Girls Varsity Basketball'.
    expect(athlete?.JoinedTeams.map((t) => [t.id, t.name, t.Sport.name])).toEqual([
      [north.jv.id, north.jv.name, north.sport.name],
      [north.varsity.id, north.varsity.name, north.sport.name],
    ]);
    const coach = listed.find((u) => u.id === north.coach.id);
    expect(coach?.Coach?.TeamCoaches.map((c) => [c.teamId, c.role, c.Team?.name, c.Team?.Sport.icon])).toEqual([
      [north.jv.id, 'ASSISTANT', north.jv.name, north.sport.icon],
      [north.varsity.id, 'HEAD', north.varsity.name, north.sport.icon],
    ]);
    expect(listed.find((u) => u.id === north.parent.id)).toMatchObject({ JoinedTeams: [], Coach: null });
    for (const person of [athlete, coach]) {
      const one = await northDirector.get(`/api/user/${person?.id}`);
      expect(one.json().data.user).toEqual(person);
    }
  });

  it('falls back to the defaults for invalid parameters and caps the page size', async () => {
    const data = await list('?page=-2&sort=password&order=sideways&type=ALIEN&teamId=abc&limit=9999');
    expect(data.paginationInfo.currentPage).toBe(1);
    expect(data.result.map((u) => u.firstName)).toEqual([...data.result.map((u) => u.firstName)].sort());
    expect(data.result).toHaveLength(8);
    const beyond = await list('?page=99');
    expect(beyond.result).toEqual([]);
    expect(beyond.paginationInfo).toMatchObject({ currentPage: 99, isLastPage: true, nextPage: null });
  });

  it('never shows another organization, and refuses to be asked for one', async () => {
    const all = await list('?limit=100');
    expect(all.result.some((u) => u.organizationId === other.org.id)).toBe(false);
    expect((await director.get(`/api/user/list?organizationId=${other.org.id}`)).statusCode).toBe(403);
    const superAdmin = await as(app, school.superAdmin);
    const theirs = await list(`?organizationId=${other.org.id}`, superAdmin);
    expect(theirs.result.every((u) => u.organizationId === other.org.id)).toBe(true);
    expect(theirs.paginationInfo.totalCount).toBe(8);
  });

  it('is for administrators only', async () => {
    expect((await app.inject('/api/user/list')).statusCode).toBe(401);
    for (const person of [school.coach, school.athlete, school.parent]) {
      const res = await (await as(app, person)).get('/api/user/list');
      expect(res.statusCode, person.role ?? '').toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, message: 'Forbidden', id: 'forbidden' });
    }
    for (const person of [school.administrator, school.assistant, school.superAdmin]) {
      expect((await (await as(app, person)).get('/api/user/list')).statusCode).toBe(200);
    }
  });

  it('never answers random query strings with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('page', 'search', 'sort', 'order', 'type', 'teamId', 'limit', 'organizationId'),
          fc.oneof(
            fc.string(),
            fc.integer().map(String),
            fc.constantFrom('', '-1', '1e9', 'NaN', '%', '_', "'; drop table users; --"),
          ),
        ),
        async (query) => {
          const res = await director.get(`/api/user/list?${new URLSearchParams(query).toString()}`);
          expect([200, 403]).toContain(res.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('creating and changing users', () => {
  it('creates a coach on a team with an invite, and refuses bad input clearly', async () => {
    const bad = await director.post('/api/user', { email: 'not-an-email', firstName: '', role: 'WIZARD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid body: /);

    const res = await director.post('/api/user', {
      email: 'New.Coach@School.example',
      firstName: 'Nia',
      lastName: 'Coach',
      role: 'COACH',
      teamIds: [school.jv.id],
      coachRole: 'HEAD',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = userSchema.parse(res.json().data.user);
    expect(created).toMatchObject({
      email: 'new.coach@school.example',
      role: 'COACH',
      status: 'ACTIVE',
      organizationId: school.org.id,
    });
    expect(created.Coach?.TeamCoaches).toEqual([expect.objectContaining({ teamId: school.jv.id, role: 'HEAD' })]);
    const [row] = await app.testDatabase.db.select().from(users).where(eq(users.id, created.id));
    const [account] = await app.testDatabase.db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.sub, row?.identitySub as string));
    expect(account?.status).toBe('FORCE_CHANGE_PASSWORD');

    expect(
      (await director.post('/api/user', { email: 'new.coach@school.example', firstName: 'Dup', role: 'COACH' }))
        .statusCode,
    ).toBe(409);
    const foreignTeam = await director.post('/api/user', {
      email: 'x1@school.example',
      firstName: 'X',
      role: 'ATHLETE',
      teamIds: [other.varsity.id],
    });
    expect(foreignTeam.statusCode).toBe(400);
    expect(foreignTeam.json().message).toContain('teamIds');
    // A failed create leaves no orphan sign-in account.
    expect(await app.identity.embedded?.pool.findAccount('x1@school.example')).toBeUndefined();
  });

  it('keeps the class an athlete is added with', async () => {
    const res = await director.post('/api/user', {
      email: 'class.of@school.example',
      firstName: 'Cleo',
      role: 'ATHLETE',
      graduationYear: 2030,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = userSchema.parse(res.json().data.user);
    expect(created.graduationYear).toBe(2030);
    const [row] = await app.testDatabase.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.graduationYear).toBe(2030);
  });

  it('keeps roles in order: nobody grants or changes a role above their own', async () => {
    const administrator = await as(app, school.administrator);
    expect(
      (
        await administrator.post('/api/user', {
          email: 'ad2@school.example',
          firstName: 'A',
          role: 'ATHLETIC_DIRECTOR',
        })
      ).statusCode,
    ).toBe(403);
    expect((await administrator.patch(`/api/user/${school.director.id}`, { firstName: 'Changed' })).statusCode).toBe(
      403,
    );
    expect((await director.patch(`/api/user/${school.director.id}`, { role: 'SUPER_ADMIN' })).statusCode).toBe(403);
    const ok = await director.patch(`/api/user/${school.athlete2.id}`, {
      contactNumber: '(217) 555-0100',
      lastName: 'Smyth',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ contactNumber: '(217) 555-0100', lastName: 'Smyth' });
    expect((await director.patch(`/api/user/${school.athlete2.id}`, { contactNumber: 'call me' })).statusCode).toBe(
      400,
    );
  });

  it('shows a user with guardians and sign-in state; other tenants get 404', async () => {
    const res = await director.get(`/api/user/${school.athlete.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.guardians).toEqual([
      expect.objectContaining({ id: school.parent.id, relationship: 'Mother' }),
    ]);
    expect(res.json().data.account).toEqual({ status: 'CONFIRMED', enabled: true });
    expect((await director.get(`/api/user/${other.athlete.id}`)).statusCode).toBe(404);
    expect((await director.patch(`/api/user/${other.athlete.id}`, { firstName: 'X' })).statusCode).toBe(404);
    expect((await director.get('/api/user/abc')).statusCode).toBe(400);
  });

  it('suspends and restores sign-in with the status', async () => {
    const target = school.athlete2;
    const suspend = await director.patch(`/api/user/${target.id}/status`, { status: 'SUSPENDED' });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().data.user.status).toBe('SUSPENDED');
    await expect(signInAs(app, target.email)).rejects.toThrow(/disabled/);
    expect((await director.patch(`/api/user/${target.id}/status`, { status: 'DELETED' })).statusCode).toBe(400);
    expect((await director.patch(`/api/user/${school.director.id}/status`, { status: 'INACTIVE' })).statusCode).toBe(
      403,
    );
    await director.patch(`/api/user/${target.id}/status`, { status: 'ACTIVE', reason: 'Cleared by the principal' });
    await expect(signInAs(app, target.email)).resolves.toBeTruthy();
    const history = (await director.get(`/api/user/${target.id}`)).json().data.statusHistory;
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({
        fromStatus: 'SUSPENDED',
        toStatus: 'ACTIVE',
        reason: 'Cleared by the principal',
        changedBy: { id: school.director.id, name: 'Dana Director' },
      }),
      expect.objectContaining({ fromStatus: 'ACTIVE', toStatus: 'SUSPENDED' }),
    ]);
  });

  it('deletes softly: hidden from lists, sign-in off, row kept', async () => {
    const created = await director.post('/api/user', {
      email: 'leaving@school.example',
      firstName: 'Lee',
      role: 'PARENT',
      linkedUserIds: [school.athlete2.id],
    });
    const id = created.json().data.user.id as number;
    expect((await director.delete(`/api/user/${id}`)).statusCode).toBe(200);
    expect((await list('?search=leaving')).result).toEqual([]);
    expect((await director.get(`/api/user/${id}`)).statusCode).toBe(404);
    const [row] = await app.testDatabase.db.select().from(users).where(eq(users.id, id));
    expect(row?.status).toBe('DELETED');
    expect((await director.delete(`/api/user/${school.director.id}`)).statusCode).toBe(403);
  });

  it('resends an invite only while it is pending', async () => {
    const created = await director.post('/api/user', {
      email: 'invitee2@school.example',
      firstName: 'Ivy',
      role: 'ATHLETIC_ADMINISTRATOR',
    });
    const id = created.json().data.user.id as number;
    expect((await director.post(`/api/user/${id}/resend-invite`)).statusCode).toBe(200);
    const mail = await latestCode(app.testDatabase.db, 'invitee2@school.example').catch(() => 'no code');
    expect(mail).toBeTruthy();
    expect((await director.post(`/api/user/${school.athlete.id}/resend-invite`)).statusCode).toBe(409);
  });
});
