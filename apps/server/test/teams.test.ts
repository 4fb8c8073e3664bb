import { organizationSchema, pagedResponseSchema, teamDetailSchema, teamSummarySchema } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';

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

describe('teams', () => {
  it('lists the organization’s teams with sport and counts (SPEC §7)', async () => {
    const res = await director.get('/api/teams/list-organization-teams');
    expect(res.statusCode).toBe(200);
    const teams = z.array(teamSummarySchema).parse(res.json().data);
    expect(teams.map((t) => [t.name, t.athleteCount, t.coachCount])).toEqual([
      ['Girls JV Basketball', 1, 0],
      ['Girls Varsity Basketball', 1, 1],
    ]);
    expect(teams[0]?.Sport.icon).toBe('ball-basketball');
    expect((await director.get(`/api/teams/list-organization-teams?organizationId=${other.org.id}`)).statusCode).toBe(
      403,
    );
  });

  it('shows a roster with guardians and coaches; other tenants get 404', async () => {
    const res = await director.get(`/api/teams/${school.varsity.id}`);
    const team = teamDetailSchema.parse(res.json().data);
    expect(team.athletes).toEqual([
      expect.objectContaining({
        id: school.athlete.id,
        jerseyNumber: '7',
        guardians: [expect.objectContaining({ id: school.parent.id, relationship: 'Mother' })],
      }),
    ]);
    expect(team.coaches).toEqual([expect.objectContaining({ id: school.coach.id, coachRole: 'HEAD' })]);
    expect((await director.get(`/api/teams/${other.varsity.id}`)).statusCode).toBe(404);
  });

  it('creates and edits a team, and validates it', async () => {
    const bad = await director.post('/api/teams', {
      name: '',
      sportId: school.sport.id,
      gender: 'MIXED',
      season: 'FALL',
      schoolYear: '26',
    });
    expect(bad.statusCode).toBe(400);
    const created = await director.post('/api/teams', {
      name: 'Girls Freshman Basketball',
      sportId: school.sport.id,
      level: 'FRESHMAN',
      gender: 'GIRLS',
      season: 'WINTER',
      schoolYear: '2026-27',
    });
    expect(created.statusCode).toBe(201);
    const team = teamSummarySchema.parse(created.json().data);
    expect(team).toMatchObject({ organizationId: school.org.id, athleteCount: 0 });
    const edited = await director.patch(`/api/teams/${team.id}`, { name: 'Freshman Girls Basketball' });
    expect(edited.json().data.name).toBe('Freshman Girls Basketball');
    expect((await director.patch(`/api/teams/${other.jv.id}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await director.delete(`/api/teams/${team.id}`)).statusCode).toBe(200);
  });

  it('adds and removes athletes and coaches, only from the same organization', async () => {
    const add = await director.post(`/api/teams/${school.jv.id}/members`, {
      userId: school.athlete.id,
      jerseyNumber: '12',
    });
    expect(add.statusCode).toBe(201);
    expect((await director.post(`/api/teams/${school.jv.id}/members`, { userId: school.athlete.id })).statusCode).toBe(
      409,
    );
    expect((await director.post(`/api/teams/${school.jv.id}/members`, { userId: other.athlete.id })).statusCode).toBe(
      404,
    );
    expect((await director.post(`/api/teams/${school.jv.id}/members`, { userId: school.parent.id })).statusCode).toBe(
      400,
    );
    expect((await director.delete(`/api/teams/${school.jv.id}/members/${school.athlete.id}`)).statusCode).toBe(200);
    expect(
      (await director.post(`/api/teams/${school.jv.id}/coaches`, { userId: school.coach.id, role: 'ASSISTANT' }))
        .statusCode,
    ).toBe(201);
    const jv = teamDetailSchema.parse((await director.get(`/api/teams/${school.jv.id}`)).json().data);
    expect(jv.coaches.map((c) => [c.id, c.coachRole])).toEqual([[school.coach.id, 'ASSISTANT']]);
    expect((await director.delete(`/api/teams/${school.jv.id}/coaches/${school.coach.id}`)).statusCode).toBe(200);
  });

  it('lists sports and coaches; non-admins are refused everywhere', async () => {
    expect((await director.get('/api/sports')).json().data.length).toBeGreaterThan(0);
    expect((await director.get('/api/coaches')).json().data.map((c: { id: number }) => c.id)).toEqual([
      school.coach.id,
    ]);
    for (const person of [school.coach, school.athlete, school.parent]) {
      const client = await as(app, person);
      for (const url of [
        '/api/teams/list-organization-teams',
        `/api/teams/${school.varsity.id}`,
        '/api/sports',
        '/api/coaches',
        '/api/auth/organizations/list',
      ]) {
        expect((await client.get(url)).statusCode, `${person.role} ${url}`).toBe(403);
      }
      expect(
        (
          await client.post('/api/teams', {
            name: 'X',
            sportId: school.sport.id,
            gender: 'BOYS',
            season: 'FALL',
            schoolYear: '2026-27',
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe('the coach picker', () => {
  it('lists the people who are coaches now: a new one at once, not a former one or one switched off', async () => {
    const coachesNow = async () => {
      const res = await director.get('/api/coaches');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; coachId: number | null }[];
    };
    const inSchool = { organizationId: school.org.id, lastName: 'Picker' };
    const made = await buildUser(app, { ...inSchool, role: 'ATHLETIC_ADMINISTRATOR', firstName: 'Mo' });
    const former = await buildUser(app, { ...inSchool, role: 'COACH', firstName: 'Fay' });
    const away = await buildUser(app, { ...inSchool, role: 'COACH', firstName: 'Sal' });
    for (const coach of [former, away]) {
      const added = await director.post(`/api/teams/${school.jv.id}/coaches`, { userId: coach.id, role: 'ASSISTANT' });
      expect(added.statusCode, added.body).toBe(201);
    }
    expect((await director.patch(`/api/user/${made.id}`, { role: 'COACH' })).statusCode).toBe(200);
    expect((await director.patch(`/api/user/${former.id}`, { role: 'ATHLETIC_ADMINISTRATOR' })).statusCode).toBe(200);
    expect((await director.patch(`/api/user/${away.id}/status`, { status: 'SUSPENDED' })).statusCode).toBe(200);
    const listed = await coachesNow();
    // Made a coach by a role change: listed before any team gives them a coaching profile.
    expect(listed.find((c) => c.id === made.id)).toMatchObject({ coachId: null });
    expect(listed.map((c) => c.id)).not.toContain(former.id);
    expect(listed.map((c) => c.id)).not.toContain(away.id);
    for (const person of [made, former, away]) await director.delete(`/api/user/${person.id}`);
  });
});

describe('organizations', () => {
  const orgPage = pagedResponseSchema(organizationSchema);

  it('lists only one’s own organization unless SUPER_ADMIN', async () => {
    const mine = orgPage.parse((await director.get('/api/auth/organizations/list')).json()).data;
    expect(mine.result.map((o) => o.id)).toEqual([school.org.id]);
    const superAdmin = await as(app, school.superAdmin);
    const all = orgPage.parse(
      (await superAdmin.get('/api/auth/organizations/list?search=eastview&page=1&limit=5')).json(),
    ).data;
    expect(all.result.map((o) => o.name)).toEqual(['Eastview Academy']);
    expect(all.result[0]).toMatchObject({ userCount: 8, teamCount: 2 });
  });

  it('lets only a SUPER_ADMIN create, edit and delete organizations', async () => {
    const body = { name: 'Northside Middle', slug: 'northside-middle', timezone: 'America/New_York' };
    expect((await director.post('/api/auth/organizations', body)).statusCode).toBe(403);
    const superAdmin = await as(app, school.superAdmin);
    expect((await superAdmin.post('/api/auth/organizations', { ...body, timezone: 'Mars/Olympus' })).statusCode).toBe(
      400,
    );
    const created = await superAdmin.post('/api/auth/organizations', body);
    expect(created.statusCode).toBe(201);
    expect((await superAdmin.post('/api/auth/organizations', body)).statusCode).toBe(409);
    const id = created.json().data.id as number;
    expect((await superAdmin.patch(`/api/auth/organizations/${id}`, { city: 'Columbus' })).json().data.city).toBe(
      'Columbus',
    );
    expect((await director.delete(`/api/auth/organizations/${id}`)).statusCode).toBe(403);
    expect((await superAdmin.delete(`/api/auth/organizations/${school.org.id}`)).statusCode).toBe(409);
    // Someone deleted earlier and a super admin working in it do not keep it (a 400 before the fix).
    await buildUser(app, { role: 'COACH', organizationId: id, status: 'DELETED' });
    const platform = await buildUser(app, { role: 'SUPER_ADMIN', organizationId: id });
    const gone = await superAdmin.delete(`/api/auth/organizations/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const [after] = await app.testDatabase.db.select().from(users).where(eq(users.id, platform.id));
    expect(after).toMatchObject({ role: 'SUPER_ADMIN', organizationId: null });
  });
});
