/**
 * A member's teams (decision 021): the teams a coach coaches, an athlete plays on, or a
 * guardian's children play on — active teams of the person's own school only.
 */
import type { MemberTeam } from '@fieldhouse/shared';
import { and, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { coaches, guardianLinks, sports, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { forbidden } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';

const child = alias(users, 'child');
const teamColumns = {
  id: teams.id,
  name: teams.name,
  level: teams.level,
  gender: teams.gender,
  season: teams.season,
  sportName: sports.name,
};

/** The signed-in coach, athlete or guardian of a school; admins use the admin app. */
export function requireMember(user: AppUser): AppUser & { organizationId: number } {
  const member = user.role === 'COACH' || user.role === 'ATHLETE' || user.role === 'PARENT';
  if (!member || user.status !== 'ACTIVE' || !user.organizationId) {
    throw forbidden('This is for coaches, athletes and guardians');
  }
  return user as AppUser & { organizationId: number };
}

export async function memberTeams(db: Db, user: AppUser & { organizationId: number }): Promise<MemberTeam[]> {
  const ofSchool = and(eq(teams.organizationId, user.organizationId), eq(teams.status, 'ACTIVE'));
  const me = { id: user.id, firstName: user.firstName, lastName: user.lastName };
  if (user.role === 'COACH') {
    const rows = await db
      .select(teamColumns)
      .from(teamCoaches)
      .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
      .innerJoin(teams, eq(teams.id, teamCoaches.teamId))
      .innerJoin(sports, eq(sports.id, teams.sportId))
      .where(and(eq(coaches.userId, user.id), ofSchool))
      .orderBy(teams.name);
    return rows.map((t) => ({ ...t, as: 'COACH', athletes: [] }));
  }
  if (user.role === 'ATHLETE') {
    const rows = await db
      .select(teamColumns)
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(sports, eq(sports.id, teams.sportId))
      .where(and(eq(teamMembers.userId, user.id), ofSchool))
      .orderBy(teams.name);
    return rows.map((t) => ({ ...t, as: 'ATHLETE', athletes: [me] }));
  }
  const rows = await db
    .select({ ...teamColumns, child: { id: child.id, firstName: child.firstName, lastName: child.lastName } })
    .from(guardianLinks)
    .innerJoin(child, eq(child.id, guardianLinks.athleteId))
    .innerJoin(teamMembers, eq(teamMembers.userId, child.id))
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(sports, eq(sports.id, teams.sportId))
    .where(and(eq(guardianLinks.guardianId, user.id), ne(child.status, 'DELETED'), ofSchool))
    .orderBy(teams.name, child.firstName);
  const byTeam = new Map<number, MemberTeam>();
  for (const { child: kid, ...team } of rows) {
    const entry = byTeam.get(team.id) ?? { ...team, as: 'GUARDIAN' as const, athletes: [] };
    entry.athletes.push(kid);
    byTeam.set(team.id, entry);
  }
  return [...byTeam.values()];
}
