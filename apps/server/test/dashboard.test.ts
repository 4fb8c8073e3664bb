import { apiResponseSchema, dashboardSummarySchema } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { as, withSchools } from './helpers/directory.ts';

const t = withSchools();

const summary = apiResponseSchema(dashboardSummarySchema);

describe('GET /api/dashboard', () => {
  it('counts the organization’s active people and teams, and lists who has not signed in yet', async () => {
    const director = await as(t.app, t.school.director);
    const invited = await director.post('/api/user', {
      email: 'first.timer@school.example',
      firstName: 'First',
      lastName: 'Timer',
      role: 'ATHLETIC_ADMINISTRATOR',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const res = await director.get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = summary.parse(res.json());
    expect(data.counts).toEqual({ athletes: 2, coaches: 1, guardians: 1, admins: 5, teams: 2 });
    expect(data.awaitingFirstSignIn.count).toBe(1);
    expect(data.awaitingFirstSignIn.people[0]).toMatchObject({ email: 'first.timer@school.example' });
  });

  it('counts active teams only: an archived team is last season’s', async () => {
    const director = await as(t.app, t.school.director);
    const teams = async () => summary.parse((await director.get('/api/dashboard')).json()).data.counts.teams;
    const before = await teams();
    const archived = await director.post('/api/teams', {
      name: 'Girls Varsity Basketball 2024',
      sportId: t.school.sport.id,
      gender: 'GIRLS',
      season: 'WINTER',
      schoolYear: '2024-25',
      status: 'ARCHIVED',
    });
    expect(archived.statusCode, archived.body).toBe(201);
    expect(await teams()).toBe(before);
  });

  it('never counts another organization, and a SUPER_ADMIN chooses one', async () => {
    const own = summary.parse((await (await as(t.app, t.other.director)).get('/api/dashboard')).json()).data;
    expect(own.awaitingFirstSignIn.count).toBe(0);
    const superAdmin = await as(t.app, t.school.superAdmin);
    const chosen = summary.parse((await superAdmin.get(`/api/dashboard?organizationId=${t.other.org.id}`)).json());
    expect(chosen.data).toEqual(own);
    expect(
      (await (await as(t.app, t.school.director)).get(`/api/dashboard?organizationId=${t.other.org.id}`)).statusCode,
    ).toBe(403);
  });

  it('refuses coaches, athletes and guardians', async () => {
    for (const person of [t.school.coach, t.school.athlete, t.school.parent]) {
      const res = await (await as(t.app, person)).get('/api/dashboard');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, message: expect.any(String) });
    }
  });
});
