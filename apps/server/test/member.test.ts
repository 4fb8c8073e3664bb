import { memberScheduleSchema, memberTeamSchema } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../src/db/schema/index.ts';
import { as, withSchools } from './helpers/directory.ts';

const fixture = withSchools();
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const range = `from=${day(0)}T00:00:00Z&to=${day(14)}T00:00:00Z`;

const teamsOf = async (person: { email: string }) => {
  const res = await (await as(fixture.app, person)).get('/api/me/teams');
  expect(res.statusCode, res.body).toBe(200);
  return z.array(memberTeamSchema).parse(res.json().data);
};

describe('a member’s teams', () => {
  it('are the coached teams, the athlete’s teams, and a guardian’s children’s teams', async () => {
    const { school } = fixture;
    expect((await teamsOf(school.coach)).map((t) => [t.id, t.as])).toEqual([[school.varsity.id, 'COACH']]);
    const athlete = await teamsOf(school.athlete);
    expect(athlete.map((t) => [t.id, t.as])).toEqual([[school.varsity.id, 'ATHLETE']]);
    expect(athlete[0]?.athletes.map((a) => a.id)).toEqual([school.athlete.id]);
    const guardian = await teamsOf(school.parent);
    expect(guardian.map((t) => [t.id, t.as])).toEqual([[school.varsity.id, 'GUARDIAN']]);
    expect(guardian[0]?.athletes.map((a) => a.id)).toEqual([school.athlete.id]);
    expect((await teamsOf(school.athlete2)).map((t) => t.id)).toEqual([school.jv.id]);
    expect((await teamsOf(fixture.other.coach)).map((t) => t.id)).toEqual([fixture.other.varsity.id]);
  });

  it('refuse the admin roles and accounts that are not active', async () => {
    const { app, school } = fixture;
    for (const admin of [school.director, school.administrator, school.superAdmin]) {
      const res = await (await as(app, admin)).get('/api/me/teams');
      expect(res.statusCode, admin.role ?? '').toBe(403);
      expect(res.json().message).toBe('This is for coaches, athletes and guardians');
      expect((await (await as(app, admin)).get(`/api/me/schedule?${range}`)).statusCode).toBe(403);
    }
    const athlete = await as(app, school.athlete2);
    await app.testDatabase.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, school.athlete2.id));
    try {
      expect([401, 403]).toContain((await athlete.get('/api/me/teams')).statusCode);
    } finally {
      await app.testDatabase.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, school.athlete2.id));
    }
  });
});

describe('a member’s schedule', () => {
  it('holds their teams’ and the school-wide events with their answers; a coach sees who is coming', async () => {
    const { app, school, other } = fixture;
    const director = await as(app, school.director);
    const create = async (body: Record<string, unknown>) => {
      const res = await director.post('/api/calendar/events', { type: 'PRACTICE', facility: 'Main Gym', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { eventId: number };
    };
    const varsity = await create({
      title: 'Varsity Practice',
      teamId: school.varsity.id,
      start: `${day(3)}T16:00`,
      end: `${day(3)}T17:30`,
    });
    const jv = await create({
      title: 'JV Practice',
      teamId: school.jv.id,
      start: `${day(3)}T18:00`,
      end: `${day(3)}T19:00`,
      facility: 'Aux Gym',
    });
    const banquet = await create({
      type: 'MEETING',
      title: 'Sports banquet',
      teamId: null,
      start: `${day(4)}T18:00`,
      end: `${day(4)}T20:00`,
      facility: 'Cafeteria',
    });
    const athlete = await as(app, school.athlete);
    const answered = await athlete.put(`/api/calendar/events/${varsity.eventId}/availability`, {
      status: 'NOT_GOING',
      note: 'Away at a tournament',
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const scheduleOf = async (person: { email: string }) => {
      const res = await (await as(app, person)).get(`/api/me/schedule?${range}`);
      expect(res.statusCode, res.body).toBe(200);
      return memberScheduleSchema.parse(res.json().data);
    };
    const ids = (s: { occurrences: { eventId: number }[] }) => s.occurrences.map((o) => o.eventId);

    const mine = await scheduleOf(school.athlete);
    expect(mine.timezone).toBe('America/Chicago');
    expect(ids(mine)).toEqual(expect.arrayContaining([varsity.eventId, banquet.eventId]));
    expect(ids(mine)).not.toContain(jv.eventId);
    expect(mine.answers[String(varsity.eventId)]).toEqual([
      { athleteId: school.athlete.id, status: 'NOT_GOING', note: 'Away at a tournament' },
    ]);
    expect(mine.counts).toEqual({});

    const guardian = await scheduleOf(school.parent);
    expect(ids(guardian)).not.toContain(jv.eventId);
    expect(guardian.answers[String(varsity.eventId)]?.[0]?.status).toBe('NOT_GOING');

    const coach = await scheduleOf(school.coach);
    expect(ids(coach)).toEqual(expect.arrayContaining([varsity.eventId, banquet.eventId]));
    expect(coach.counts[String(varsity.eventId)]).toEqual({ going: 0, maybe: 0, notGoing: 1, noReply: 0 });
    expect(coach.answers).toEqual({});

    const jvAthlete = await scheduleOf(school.athlete2);
    expect(ids(jvAthlete)).toEqual(expect.arrayContaining([jv.eventId, banquet.eventId]));
    expect(ids(jvAthlete)).not.toContain(varsity.eventId);
    expect(jvAthlete.answers[String(jv.eventId)]).toEqual([
      { athleteId: school.athlete2.id, status: null, note: null },
    ]);

    // Another school's people see none of it.
    for (const stranger of [other.coach, other.athlete, other.parent]) {
      const theirs = await scheduleOf(stranger);
      expect(ids(theirs).some((id) => [varsity.eventId, jv.eventId, banquet.eventId].includes(id))).toBe(false);
    }
  });

  it('answers 400 for a bad range', async () => {
    const athlete = await as(fixture.app, fixture.school.athlete);
    expect((await athlete.get('/api/me/schedule?from=today&to=later')).statusCode).toBe(400);
    expect((await athlete.get(`/api/me/schedule?from=${day(3)}T00:00:00Z&to=${day(1)}T00:00:00Z`)).statusCode).toBe(
      400,
    );
    expect((await athlete.get(`/api/me/schedule?from=${day(0)}T00:00:00Z&to=${day(400)}T00:00:00Z`)).statusCode).toBe(
      400,
    );
  });
});
