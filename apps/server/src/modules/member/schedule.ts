/**
 * A member's schedule (decision 021): their teams' events and the school-wide ones, with the
 * availability answers of the athletes they answer for, and for a coach who is coming.
 */
import type { MemberSchedule, MemberTeam } from '@fieldhouse/shared';
import type { Db } from '../../db/client.ts';
import { rosterOf } from '../availability/access.ts';
import { answerLookup, summarize } from '../availability/summary.ts';
import { listOccurrences, organizationZone } from '../calendar/occurrences.ts';

export async function memberSchedule(
  db: Db,
  organizationId: number,
  teams: MemberTeam[],
  from: Date,
  to: Date,
): Promise<MemberSchedule> {
  const { timezone } = await organizationZone(db, organizationId);
  const byTeam = new Map(teams.map((t) => [t.id, t]));
  const occurrences = (await listOccurrences(db, organizationId, timezone, from, to)).filter(
    (o) => o.team === null || byTeam.has(o.team.id),
  );
  const mine = [...new Set(teams.flatMap((t) => t.athletes.map((a) => a.id)))];
  const answer = await answerLookup(db, mine, occurrences);
  const answers: MemberSchedule['answers'] = {};
  for (const o of occurrences) {
    const team = o.team ? byTeam.get(o.team.id) : undefined;
    if (!team || team.athletes.length === 0) continue;
    answers[o.key] = team.athletes.map((a) => {
      const given = answer(o, a.id);
      return { athleteId: a.id, status: given?.status ?? null, note: given?.note ?? null };
    });
  }
  const counts: MemberSchedule['counts'] = {};
  for (const team of teams.filter((t) => t.as === 'COACH')) {
    const roster = (await rosterOf(db, team.id)).map((a) => a.id);
    Object.assign(
      counts,
      await summarize(
        db,
        roster,
        occurrences.filter((o) => o.team?.id === team.id),
      ),
    );
  }
  return { timezone, occurrences, answers, counts };
}
