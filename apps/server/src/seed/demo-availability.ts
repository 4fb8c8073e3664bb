/**
 * Demo answers to "who is coming" (decision 022) for the team events of the next two weeks, so
 * the event drawer, the team page and the availability report show a school part-way through
 * collecting them: most athletes have answered, a few are out with a reason, some have not.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { eventAvailability, teamMembers, users } from '../db/schema/index.ts';
import { listOccurrences } from '../modules/calendar/occurrences.ts';
import type { Random } from './random.ts';

const NOTES = [
  'Doctor’s appointment',
  'Family trip',
  'Sick',
  'Band concert',
  'Exam the next morning',
  'Waiting on a ride',
  'Injured ankle: coming to watch',
];

export async function seedDemoAvailability(
  db: Db,
  organizationId: number,
  timeZone: string,
  random: Random,
  now: Date,
) {
  const to = new Date(now.getTime() + 14 * 86_400_000);
  const occurrences = (await listOccurrences(db, organizationId, timeZone, now, to)).filter(
    (o) => o.team !== null && o.status === 'SCHEDULED',
  );
  const teamIds = [...new Set(occurrences.map((o) => o.team?.id as number))];
  if (teamIds.length === 0) return 0;
  const members = await db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, teamIds), eq(users.status, 'ACTIVE')));
  const rows: (typeof eventAvailability.$inferInsert)[] = [];
  occurrences.forEach((o, index) => {
    // Sooner events have more answers in: the first ones near 80%, the last ones near 30%.
    const answered = 0.8 - (0.5 * index) / occurrences.length;
    for (const m of members.filter((member) => member.teamId === o.team?.id)) {
      if (!random.chance(answered)) continue;
      const roll = random.int(1, 100);
      const status = roll <= 82 ? 'GOING' : roll <= 91 ? 'MAYBE' : 'NOT_GOING';
      rows.push({
        eventId: o.seriesId ?? o.eventId,
        occurrenceStart: o.seriesId && o.occurrenceStart ? new Date(o.occurrenceStart) : null,
        athleteId: m.userId,
        status,
        note: status === 'GOING' || random.chance(0.4) ? null : random.pick(NOTES),
        repliedById: m.userId,
      });
    }
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(eventAvailability).values(rows.slice(i, i + 1000));
  return rows.length;
}
