/**
 * The demo school's schedule for the current season, relative to the seeding date so the demo
 * calendar always has events this week: weekly practices per team, games home and away with
 * opponents and bus times, a parent meeting, a tournament, one postponed and one cancelled
 * game. Deterministic for a given date. Seeded events post no chat messages.
 */
import { addDays, type Recurrence, toWallDate, type Weekday, wallStringToInstant } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calendarEvents, sports, teams } from '../db/schema/index.ts';
import { firstMatchingDate, occurrenceOn, seriesEnd } from '../modules/calendar/recurrence.ts';
import { seedDemoFacilities } from './demo-facilities.ts';

type NewEvent = typeof calendarEvents.$inferInsert;

const OPPONENTS = [
  'Central High',
  'Roosevelt Academy',
  'Eastview',
  'North Ridge',
  'St. Mary’s',
  'Westbrook',
  'Lakeside Prep',
  'Hamilton',
];

const SEASON_BY_MONTH = [
  'WINTER',
  'WINTER',
  'SPRING',
  'SPRING',
  'SPRING',
  'SPRING',
  'FALL',
  'FALL',
  'FALL',
  'FALL',
  'WINTER',
  'WINTER',
] as const;

const FACILITIES: Record<string, string> = {
  Basketball: 'Main Gym',
  Volleyball: 'Main Gym',
  Wrestling: 'Wrestling Room',
  'Swimming & Diving': 'Natatorium',
  Football: 'Lincoln Stadium',
  Soccer: 'Soccer Field',
  'Cross Country': 'Riverside Trails',
  Tennis: 'Tennis Courts',
  Golf: 'Oak Hills Golf Course',
  Baseball: 'Baseball Diamond',
  Softball: 'Softball Field',
  'Track & Field': 'Lincoln Stadium',
};

export async function seedDemoCalendar(
  db: Db,
  organizationId: number,
  timeZone: string,
  adminId: number | null,
  now = new Date(),
) {
  const today = toWallDate(now, timeZone);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  const season = SEASON_BY_MONTH[Number(today.slice(5, 7)) - 1] as (typeof SEASON_BY_MONTH)[number];
  const rows = await db
    .select({ id: teams.id, name: teams.name, level: teams.level, sport: sports.name })
    .from(teams)
    .innerJoin(sports, eq(sports.id, teams.sportId))
    .where(and(eq(teams.organizationId, organizationId), eq(teams.season, season)))
    .orderBy(teams.id);

  const at = (date: string, time: string) => wallStringToInstant(`${date}T${time}`, timeZone);
  const events: NewEvent[] = [];
  const base = { organizationId, createdById: adminId } as const;

  rows.forEach((team, i) => {
    const facility = FACILITIES[team.sport] ?? 'Main Gym';
    const jv = team.level !== 'VARSITY';
    // Two teams share a gym: varsity first, JV after.
    const [from, to] = jv ? ['17:30', '19:00'] : ['15:30', '17:30'];
    const byDay: Weekday[] = ['MO', 'WE', 'TH'];
    const rule: Recurrence = { byDay, until: addDays(monday, 7 * 8 + 4), interval: 1 };
    const first = firstMatchingDate(addDays(monday, -14), rule);
    const shape = { localStart: `${first}T${from}`, localEnd: `${first}T${to}`, rule };
    const occurrence = occurrenceOn(shape, first, timeZone);
    events.push({
      ...base,
      teamId: team.id,
      type: 'PRACTICE',
      title: `${team.name} Practice`,
      startsAt: occurrence.start,
      endsAt: occurrence.end,
      facility,
      location: 'Lincoln High School',
      recurrence: rule,
      recurrenceEndsAt: seriesEnd(shape, timeZone),
      notes: jv ? 'JV uses the court after varsity.' : null,
    });

    // Games: Tuesdays and Fridays (Saturdays for swimming and wrestling), three weeks back to
    // seven ahead, alternating home and away.
    const gameDays = team.sport === 'Wrestling' || team.sport === 'Swimming & Diving' ? [5] : [1, 4];
    for (let week = -3; week <= 7; week++) {
      for (const [k, day] of gameDays.entries()) {
        if ((week + k + i) % 2 !== 0 && gameDays.length > 1) continue;
        const date = addDays(monday, week * 7 + day);
        const opponent = OPPONENTS[(i * 3 + week + 8 + k) % OPPONENTS.length] as string;
        const home = (week + i) % 2 === 0;
        const [start, end] = day === 5 ? ['10:00', '14:00'] : jv ? ['17:30', '19:00'] : ['19:00', '21:00'];
        events.push({
          ...base,
          teamId: team.id,
          type: 'GAME',
          title: team.name,
          opponent,
          homeAway: home ? 'HOME' : 'AWAY',
          startsAt: at(date, start as string),
          endsAt: at(date, end as string),
          location: home ? 'Lincoln High School' : `${opponent}`,
          facility: home ? facility : null,
          transportation: home ? null : `Bus departs ${jv ? '3:45' : '4:30'} PM from the east lot`,
          notes: home && week === 1 && i === 0 ? 'Senior night: seniors and families recognized at halftime.' : null,
        });
      }
    }
  });

  const firstTeam = rows[0];
  if (firstTeam) {
    // One postponed game this week and one cancelled next week, for the first team.
    const games = events.filter((e) => e.teamId === firstTeam.id && e.type === 'GAME');
    const thisWeek = games.find((g) => (g.startsAt as Date) >= at(monday, '00:00'));
    if (thisWeek) {
      thisWeek.status = 'POSTPONED';
      thisWeek.notes = 'Postponed: the opponent’s gym is closed for repairs. New date to follow.';
    }
    const later = games.find((g) => (g.startsAt as Date) >= at(addDays(monday, 7), '00:00'));
    if (later) {
      later.status = 'CANCELLED';
      later.notes = 'Cancelled by the conference.';
    }
    // A weekend tournament in two weeks.
    events.push({
      ...base,
      teamId: firstTeam.id,
      type: 'TOURNAMENT',
      title: `${season === 'WINTER' ? 'Holiday' : season === 'FALL' ? 'Harvest' : 'Spring'} Classic Tournament`,
      allDay: true,
      startsAt: at(addDays(monday, 18), '00:00'),
      endsAt: at(addDays(monday, 20), '00:00'),
      location: 'Roosevelt Academy Fieldhouse',
      transportation: 'Bus departs 7:00 AM Saturday from the east lot',
      notes: 'Bracket posted Thursday. Pack two uniforms.',
    });
  }
  // An organization-wide meeting this Wednesday evening.
  events.push({
    ...base,
    teamId: null,
    type: 'MEETING',
    title: `${season[0]}${season.slice(1).toLowerCase()} Sports Parent Meeting`,
    startsAt: at(addDays(monday, 2), '18:30'),
    endsAt: at(addDays(monday, 2), '19:30'),
    location: 'Lincoln High School',
    facility: 'Auditorium',
    notes: 'Eligibility, physicals, concussion protocol and the season schedule.',
  });
  events.push({
    ...base,
    teamId: null,
    type: 'OTHER',
    title: 'Athletic Booster Club Fundraiser',
    startsAt: at(addDays(monday, 5), '08:00'),
    endsAt: at(addDays(monday, 5), '12:00'),
    location: 'Cafeteria',
    facility: 'Cafeteria',
  });
  // Every booked place is a facility record (demo-facilities.ts), so conflicts compare ids.
  const facilityIds = await seedDemoFacilities(db, organizationId);
  for (const event of events)
    event.facilityId = event.facility ? (facilityIds.get(event.facility.toLowerCase()) ?? null) : null;
  for (let i = 0; i < events.length; i += 500) await db.insert(calendarEvents).values(events.slice(i, i + 500));
  return events.length;
}
