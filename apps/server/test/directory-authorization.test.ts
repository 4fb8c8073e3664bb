/**
 * The authorization matrix of the directory: every endpoint refuses ATHLETE, COACH and PARENT
 * (403), refuses a missing token (401), and never reaches another organization's records.
 */
import { describe, expect, it } from 'vitest';
import { as, type School, withSchools } from './helpers/directory.ts';

const t = withSchools();

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object };
const endpoints = (s: School): Call[] => [
  { method: 'GET', url: '/api/user/list' },
  { method: 'GET', url: '/api/user/export' },
  { method: 'POST', url: '/api/user', body: { email: 'matrix@school.example', firstName: 'M', role: 'ATHLETE' } },
  { method: 'GET', url: `/api/user/${s.athlete2.id}` },
  { method: 'PATCH', url: `/api/user/${s.athlete2.id}`, body: { firstName: 'Changed' } },
  { method: 'PATCH', url: `/api/user/${s.athlete2.id}/status`, body: { status: 'INACTIVE' } },
  { method: 'POST', url: `/api/user/${s.athlete2.id}/resend-invite` },
  { method: 'DELETE', url: `/api/user/${s.athlete2.id}` },
  { method: 'GET', url: '/api/teams/list-organization-teams' },
  { method: 'GET', url: `/api/teams/${s.varsity.id}` },
  {
    method: 'POST',
    url: '/api/teams',
    body: { name: 'T', sportId: s.sport.id, gender: 'BOYS', season: 'FALL', schoolYear: '2026-27' },
  },
  { method: 'PATCH', url: `/api/teams/${s.varsity.id}`, body: { name: 'Renamed' } },
  { method: 'DELETE', url: `/api/teams/${s.varsity.id}` },
  { method: 'POST', url: `/api/teams/${s.varsity.id}/members`, body: { userId: s.athlete2.id } },
  { method: 'DELETE', url: `/api/teams/${s.varsity.id}/members/${s.athlete.id}` },
  { method: 'POST', url: `/api/teams/${s.varsity.id}/coaches`, body: { userId: s.coach.id } },
  { method: 'DELETE', url: `/api/teams/${s.varsity.id}/coaches/${s.coach.id}` },
  { method: 'GET', url: '/api/sports' },
  { method: 'GET', url: '/api/coaches' },
  { method: 'GET', url: '/api/auth/organizations/list' },
  { method: 'POST', url: '/api/auth/organizations', body: { name: 'X', slug: 'x-matrix', timezone: 'UTC' } },
  { method: 'PATCH', url: `/api/auth/organizations/${s.org.id}`, body: { city: 'X' } },
];

/** One call of the matrix through a signed-in client. */
const through = (client: Awaited<ReturnType<typeof as>>, call: Call) =>
  call.method === 'GET'
    ? client.get(call.url)
    : call.method === 'POST'
      ? client.post(call.url, call.body)
      : call.method === 'PATCH'
        ? client.patch(call.url, call.body)
        : client.delete(call.url);

const send = (token: string | undefined, call: Call) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(call.body ? { payload: call.body } : {}),
  });

describe('directory authorization matrix', () => {
  it('answers 401 without a token', async () => {
    for (const call of endpoints(t.school))
      expect((await send(undefined, call)).statusCode, `${call.method} ${call.url}`).toBe(401);
  });

  it('answers 403 to athletes, coaches and guardians on every endpoint', async () => {
    for (const person of [t.school.athlete, t.school.coach, t.school.parent]) {
      const client = await as(t.app, person);
      for (const call of endpoints(t.school)) {
        const res = await through(client, call);
        expect(res.statusCode, `${person.role} ${call.method} ${call.url}`).toBe(403);
      }
    }
  });

  it('never lets an admin of one school reach another school’s records', async () => {
    const director = await as(t.app, t.school.director);
    for (const call of endpoints(t.other).filter((c) => /\/\d+/.test(c.url))) {
      const res = await through(director, call);
      expect([403, 404], `${call.method} ${call.url}`).toContain(res.statusCode);
    }
    for (const url of ['/api/user/list', '/api/teams/list-organization-teams', '/api/coaches', '/api/user/export']) {
      expect((await director.get(`${url}?organizationId=${t.other.org.id}`)).statusCode, url).toBe(403);
    }
  });
});
