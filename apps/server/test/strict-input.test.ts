/**
 * Every body, query and params schema is strict, and a PATCH must change something (issue #15
 * case 9: `PATCH /api/user/:id` answered 500 for `{}` and for bodies with only unknown fields).
 * input-fuzz.test.ts generates the rest; these are the cases a reader can see.
 */
import { describe, expect, it } from 'vitest';
import { as, withSchools } from './helpers/directory.ts';

const t = withSchools();

describe('case 9: empty and unknown-only patches', () => {
  it('answers 400 with the reason for {} and for bodies of unknown fields, and changes nothing', async () => {
    const director = await as(t.app, t.school.director);
    const url = `/api/user/${t.school.coach.id}`;
    const empty = await director.patch(url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ statusCode: 400, message: 'Send at least one field to change', id: 'empty_patch' });
    const unknown = await director.patch(url, { nickname: 'Coach C', isAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      id: 'validation_failed',
      message: expect.stringMatching(/Unrecognized keys?: "nickname"/),
    });
    const mixed = await director.patch(url, { firstName: 'Cora', role: 'SUPER_ADMIN', status: 'DELETED' });
    expect(mixed.statusCode).toBe(400);
    expect((await director.get(url)).json().data.user).toMatchObject({
      firstName: 'Cora',
      role: 'COACH',
      status: 'ACTIVE',
    });
  });

  it('refuses empty patches on every PATCH route', async () => {
    const superAdmin = await as(t.app, t.school.superAdmin);
    for (const url of [
      `/api/user/${t.school.coach.id}`,
      `/api/user/${t.school.coach.id}/status`,
      `/api/teams/${t.school.varsity.id}`,
      `/api/sports/${t.school.sport.id}`,
      `/api/auth/organizations/${t.school.org.id}`,
      '/api/calendar/events/1',
    ])
      expect((await superAdmin.patch(url, {})).statusCode, url).toBe(400);
  });
});

describe('strict schemas', () => {
  it('refuses unknown body fields, unknown query parameters and malformed params with 400', async () => {
    const director = await as(t.app, t.school.director);
    const created = await director.post('/api/teams', {
      name: 'Boys Tennis',
      sportId: t.school.sport.id,
      gender: 'BOYS',
      season: 'SPRING',
      schoolYear: '2026-27',
      budget: 1000,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toMatch(/budget/);
    const listed = await director.get('/api/chat/rooms?tab=COACHES&debug=1');
    expect(listed.statusCode).toBe(400);
    expect(listed.json().message).toMatch(/debug/);
    expect((await director.get('/api/user/abc')).statusCode).toBe(400);
    expect((await director.get(`/api/user/${2 ** 31}`)).statusCode).toBe(400);
    // The organization switcher's selector is accepted everywhere (decision 007).
    expect((await director.get(`/api/chat/rooms?tab=COACHES&organizationId=${t.school.org.id}`)).statusCode).toBe(200);
  });

  it('changes only the fields a team PATCH sends (no default fills in the rest)', async () => {
    const director = await as(t.app, t.school.director);
    const id = t.school.jv.id;
    expect((await director.patch(`/api/teams/${id}`, { level: 'JUNIOR_VARSITY', status: 'ARCHIVED' })).statusCode).toBe(
      200,
    );
    const renamed = await director.patch(`/api/teams/${id}`, { name: 'Girls JV Hoops' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Girls JV Hoops', level: 'JUNIOR_VARSITY', status: 'ARCHIVED' });
  });

  it('answers a value only the database refuses with 400, never 500', async () => {
    const director = await as(t.app, t.school.director);
    const nul = await director.get('/api/user/list?search=%00');
    expect(nul.statusCode).toBeLessThan(500);
    // A CSV export starts only once its first query ran: a refusal is an answer, not a cut-off download.
    const exported = await director.get('/api/user/export?search=%00');
    expect(exported.statusCode).toBeLessThan(500);
    if (exported.statusCode !== 200) expect(exported.json()).toMatchObject({ id: 'invalid_value' });
    const big = await director.post('/api/chat/rooms/direct', { userId: 2 ** 31 });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ id: 'invalid_value', message: 'A number is out of range' });
  });
});
