/**
 * Loads the ties of decision 026 between a caller and other people of their school: who they
 * coach, who coaches them or their children, their own family. A fixed number of queries per
 * caller, bounded by their own teams, whatever the size of the school; `only` narrows them to
 * some targets (one pair for a start check).
 */
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { coaches, guardianLinks, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { inTurn } from '../../db/transaction.ts';
import type { Party, Tie } from './policy.ts';

const athlete = alias(users, 'athlete');
const team = { id: teams.id, name: teams.name };
const person = (t: typeof athlete) => ({ id: t.id, firstName: t.firstName, lastName: t.lastName });

export async function loadTies(db: Db, caller: Party, only?: number[]): Promise<Map<number, Tie[]>> {
  const ties = new Map<number, Tie[]>();
  const add = (id: number, tie: Tie) => ties.set(id, [...(ties.get(id) ?? []), tie]);
  if (caller.organizationId === null || (only && only.length === 0)) return ties;
  const liveTeam = and(eq(teams.organizationId, caller.organizationId), eq(teams.status, 'ACTIVE'));
  const among = (column: Parameters<typeof inArray>[0]): SQL | undefined => (only ? inArray(column, only) : undefined);

  if (caller.role === 'COACH') {
    const mine = db
      .select({ teamId: teamCoaches.teamId })
      .from(teamCoaches)
      .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
      .where(eq(coaches.userId, caller.id));
    const [players, guardians] = await inTurn([
      db
        .select({ userId: teamMembers.userId, team })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(inArray(teamMembers.teamId, mine), liveTeam, among(teamMembers.userId))),
      db
        .select({ userId: guardianLinks.guardianId, team, athlete: person(athlete) })
        .from(guardianLinks)
        .innerJoin(athlete, eq(athlete.id, guardianLinks.athleteId))
        .innerJoin(teamMembers, eq(teamMembers.userId, guardianLinks.athleteId))
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(
          and(
            inArray(teamMembers.teamId, mine),
            liveTeam,
            ne(athlete.status, 'DELETED'),
            among(guardianLinks.guardianId),
          ),
        ),
    ]);
    for (const p of players) add(p.userId, { kind: 'PLAYS_FOR_ME', team: p.team });
    for (const g of guardians) add(g.userId, { kind: 'GUARDIAN_OF_MY_ATHLETE', team: g.team, athlete: g.athlete });
  } else if (caller.role === 'ATHLETE') {
    const [coachRows, guardianRows] = await inTurn([
      db
        .select({ userId: coaches.userId, team })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .innerJoin(teamCoaches, eq(teamCoaches.teamId, teams.id))
        .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
        .where(and(eq(teamMembers.userId, caller.id), liveTeam, among(coaches.userId))),
      db
        .select({ userId: guardianLinks.guardianId })
        .from(guardianLinks)
        .where(and(eq(guardianLinks.athleteId, caller.id), among(guardianLinks.guardianId))),
    ]);
    for (const c of coachRows) add(c.userId, { kind: 'COACHES_ME', team: c.team });
    for (const g of guardianRows) add(g.userId, { kind: 'MY_GUARDIAN' });
  } else if (caller.role === 'PARENT') {
    const [coachRows, children] = await inTurn([
      db
        .select({ userId: coaches.userId, team, child: person(athlete) })
        .from(guardianLinks)
        .innerJoin(athlete, eq(athlete.id, guardianLinks.athleteId))
        .innerJoin(teamMembers, eq(teamMembers.userId, guardianLinks.athleteId))
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .innerJoin(teamCoaches, eq(teamCoaches.teamId, teams.id))
        .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
        .where(
          and(eq(guardianLinks.guardianId, caller.id), liveTeam, ne(athlete.status, 'DELETED'), among(coaches.userId)),
        ),
      db
        .select({ userId: guardianLinks.athleteId })
        .from(guardianLinks)
        .where(and(eq(guardianLinks.guardianId, caller.id), among(guardianLinks.athleteId))),
    ]);
    for (const c of coachRows) add(c.userId, { kind: 'COACHES_MY_CHILD', team: c.team, child: c.child });
    for (const c of children) add(c.userId, { kind: 'MY_CHILD' });
  }
  return ties;
}
