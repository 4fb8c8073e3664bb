/** Team reads: summaries with counts in one query, and a team's full roster. */
import type { TeamDetail, TeamSummary } from '@fieldhouse/shared';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, guardianLinks, sports, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { presentPerson } from '../users/presenter.ts';

// The outer table is named explicitly: drizzle renders a lone column unqualified, which the
// subquery would resolve to its own table.
const athleteCount = sql<number>`(select count(*)::int from ${teamMembers} tm join ${users} u on u.id = tm.user_id
  where tm.team_id = "teams"."id" and u.status <> 'DELETED')`;
const coachCount = sql<number>`(select count(*)::int from ${teamCoaches} tc join ${coaches} c on c.id = tc.coach_id
  join ${users} u on u.id = c.user_id where tc.team_id = "teams"."id" and u.status <> 'DELETED')`;

export async function teamSummaries(db: Db, where: SQL): Promise<TeamSummary[]> {
  const rows = await db
    .select({ team: teams, sport: sports, athleteCount, coachCount })
    .from(teams)
    .innerJoin(sports, eq(sports.id, teams.sportId))
    .where(where)
    .orderBy(asc(sports.name), asc(teams.name));
  return rows.map(({ team, sport, athleteCount: athletes, coachCount: coachTotal }) => ({
    id: team.id,
    uuid: team.uuid,
    name: team.name,
    level: team.level,
    gender: team.gender,
    season: team.season,
    schoolYear: team.schoolYear,
    status: team.status,
    organizationId: team.organizationId,
    Sport: sport,
    athleteCount: Number(athletes),
    coachCount: Number(coachTotal),
  }));
}

export async function teamDetail(db: Db, teamId: number): Promise<TeamDetail | undefined> {
  const [summary] = await teamSummaries(db, eq(teams.id, teamId));
  if (!summary) return undefined;
  const athletes = await db
    .select({ user: users, member: teamMembers })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), ne(users.status, 'DELETED')))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const athleteIds = athletes.map((a) => a.user.id);
  const guardians = athleteIds.length
    ? await db
        .select({ link: guardianLinks, user: users })
        .from(guardianLinks)
        .innerJoin(users, eq(users.id, guardianLinks.guardianId))
        .where(and(inArray(guardianLinks.athleteId, athleteIds), ne(users.status, 'DELETED')))
    : [];
  const coachRows = await db
    .select({ user: users, coach: coaches, link: teamCoaches })
    .from(teamCoaches)
    .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(and(eq(teamCoaches.teamId, teamId), ne(users.status, 'DELETED')))
    .orderBy(asc(teamCoaches.role), asc(users.lastName));
  return {
    ...summary,
    athletes: athletes.map(({ user, member }) => ({
      ...presentPerson(user),
      jerseyNumber: member.jerseyNumber,
      position: member.position,
      guardians: guardians
        .filter((g) => g.link.athleteId === user.id)
        .map((g) => ({ ...presentPerson(g.user), relationship: g.link.relationship })),
    })),
    coaches: coachRows.map(({ user, coach, link }) => ({
      ...presentPerson(user),
      coachId: coach.id,
      coachRole: link.role,
      title: coach.title,
    })),
  };
}
