import type { AvailabilityReport } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, withSchools } from './helpers/directory.ts';

const fixture = withSchools();
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('availability report', () => {
  it('lists each team event of the range with its roster’s answers, as plain SQL counts them', async () => {
    const { app, school } = fixture;
    const director = await as(app, school.director);
    const create = async (body: Record<string, unknown>) => {
      const res = await director.post('/api/calendar/events', {
        type: 'PRACTICE',
        title: 'Practice',
        facility: 'Main Gym',
        confirmConflicts: true,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { eventId: number };
    };
    const single = await create({ teamId: school.varsity.id, start: `${day(2)}T16:00`, end: `${day(2)}T17:00` });
    const series = await create({
      teamId: school.varsity.id,
      title: 'Lifting',
      start: `${day(3)}T06:30`,
      end: `${day(3)}T07:30`,
      repeat: { byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: day(5) },
    });
    await create({ teamId: school.jv.id, title: 'JV Practice', start: `${day(4)}T18:00`, end: `${day(4)}T19:00` });
    await create({ teamId: null, type: 'MEETING', title: 'Banquet', start: `${day(4)}T19:00`, end: `${day(4)}T21:00` });

    const athlete = await as(app, school.athlete);
    const parent = await as(app, school.parent);
    const athlete2 = await as(app, school.athlete2);
    expect(
      (await athlete.put(`/api/calendar/events/${single.eventId}/availability`, { status: 'NOT_GOING' })).statusCode,
    ).toBe(200);
    expect(
      (await parent.put(`/api/calendar/events/${series.eventId}/availability`, { status: 'GOING' })).statusCode,
    ).toBe(200);
    const listed = await director.get(
      `/api/calendar/events?from=${day(3)}T00:00:00Z&to=${day(7)}T00:00:00Z&teamId=${school.varsity.id}`,
    );
    const dates = (listed.json().data.occurrences as { seriesId: number | null; occurrenceStart: string }[]).filter(
      (o) => o.seriesId === series.eventId,
    );
    const secondDate = dates[1]?.occurrenceStart as string;
    expect(
      (
        await athlete.put(`/api/calendar/events/${series.eventId}/availability`, {
          status: 'MAYBE',
          occurrenceStart: secondDate,
        })
      ).statusCode,
    ).toBe(200);
    const jvEvents = await director.get(
      `/api/calendar/events?from=${day(4)}T00:00:00Z&to=${day(5)}T12:00:00Z&teamId=${school.jv.id}`,
    );
    const jvId = (jvEvents.json().data.occurrences as { eventId: number }[])[0]?.eventId as number;
    expect((await athlete2.put(`/api/calendar/events/${jvId}/availability`, { status: 'GOING' })).statusCode).toBe(200);

    const res = await director.get(`/api/reports/availability?from=${day(1)}&to=${day(8)}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as AvailabilityReport;
    // Team events only: the single practice, the series' dates and the JV practice.
    expect(report.result.every((r) => r.title !== 'Banquet')).toBe(true);
    expect(report.result.filter((r) => r.eventId === series.eventId)).toHaveLength(dates.length);
    expect(report.paginationInfo.totalCount).toBe(report.result.length);

    // The same figures from SQL written here: each roster athlete's own date answer, else the series answer.
    for (const row of report.result) {
      const [eventId, occurrence] = row.key.includes('@') ? row.key.split('@') : [row.key, null];
      const { rows } = await app.testDatabase.db.execute<{ status: string | null }>(sql`
        select coalesce(d.status::text, s.status::text) as status
        from team_members m
        join users u on u.id = m.user_id and u.status <> 'DELETED'
        left join event_availability d on d.event_id = ${Number(eventId)} and d.athlete_id = m.user_id
          and d.occurrence_start = ${occurrence}::timestamptz
        left join event_availability s on s.event_id = ${Number(eventId)} and s.athlete_id = m.user_id
          and s.occurrence_start is null
        where m.team_id = ${row.teamId}`);
      const count = (status: string | null) => rows.filter((r) => r.status === status).length;
      expect(
        { roster: row.roster, going: row.going, maybe: row.maybe, notGoing: row.notGoing, noReply: row.noReply },
        row.key,
      ).toEqual({
        roster: rows.length,
        going: count('GOING'),
        maybe: count('MAYBE'),
        notGoing: count('NOT_GOING'),
        noReply: count(null),
      });
    }
    const seriesRows = report.result.filter((r) => r.eventId === series.eventId);
    expect(seriesRows.map((r) => [r.going, r.maybe])).toEqual(dates.map((_, i) => (i === 1 ? [0, 1] : [1, 0])));

    const csv = await director.get(`/api/reports/availability.csv?from=${day(1)}&to=${day(8)}`);
    expect(csv.statusCode).toBe(200);
    const [header, first] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      'Starts (America/Chicago),Event,Team,Type,Status,Roster,Going,Maybe,Not going,No reply,Replied (%),Type code,Status code',
    );
    expect(first).toMatch(/^"?[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M"?,Practice,/);
  });

  it('is for the school’s admins only, and defaults to the next two weeks', async () => {
    const { app, school, other } = fixture;
    for (const person of [school.coach, school.athlete, school.parent]) {
      expect((await (await as(app, person)).get('/api/reports/availability')).statusCode).toBe(403);
    }
    const stranger = await as(app, other.director);
    expect((await stranger.get(`/api/reports/availability?teamId=${school.varsity.id}`)).statusCode).toBe(404);
    const mine = await (await as(app, school.director)).get('/api/reports/availability');
    const data = mine.json().data as AvailabilityReport;
    expect(Date.parse(data.to) - Date.parse(data.from)).toBe(13 * 86_400_000);
    const bad = await (await as(app, school.director)).get('/api/reports/availability?from=2026-05-01&to=2026-04-01');
    expect(bad.statusCode).toBe(400);
  });
});
