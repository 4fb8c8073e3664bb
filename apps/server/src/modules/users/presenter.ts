/**
 * The only code that shapes a user for the API: SPEC §3's User with JoinedTeams (each with its
 * Sport) and Coach (with TeamCoaches). Internal columns (identity link, search text) stay inside.
 * Lists are presented in two queries, sent together, whatever their length.
 */
import type { PersonSummary, User } from '@fieldhouse/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, sports, teamCoaches, teamMembers, teams } from '../../db/schema/index.ts';
import { groupBy } from '../../group-by.ts';
import type { AppUser } from '../auth/authenticate.ts';

export async function presentUsers(db: Db, rows: AppUser[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((u) => u.id);
  // Two queries side by side (one round trip): the teams they play on, and their coach rows with
  // the teams they coach. A page of the user list waits for these after its own two.
  const [joined, coachLinks] = await Promise.all([
    db
      .select({ userId: teamMembers.userId, id: teams.id, uuid: teams.uuid, name: teams.name, sport: sports })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(sports, eq(sports.id, teams.sportId))
      .where(inArray(teamMembers.userId, ids))
      .orderBy(asc(teams.name)),
    db
      .select({
        coach: coaches,
        link: teamCoaches,
        team: { id: teams.id, uuid: teams.uuid, name: teams.name },
        sport: sports,
      })
      .from(coaches)
      .leftJoin(teamCoaches, eq(teamCoaches.coachId, coaches.id))
      .leftJoin(teams, eq(teams.id, teamCoaches.teamId))
      .leftJoin(sports, eq(sports.id, teams.sportId))
      .where(inArray(coaches.userId, ids))
      .orderBy(asc(teams.name)),
  ]);
  // Indexed by user and by coach, so a page of a hundred is not a hundred scans of every row.
  const coachOf = new Map(coachLinks.map((c) => [c.coach.userId, c.coach]));
  const teamsOf = groupBy(joined, (t) => t.userId);
  const coachedBy = groupBy(
    coachLinks.flatMap(({ link, team, sport }) => (link && team && sport ? [{ link, team, sport }] : [])),
    (c) => c.link.coachId,
  );
  return rows.map((user) => {
    const coach = coachOf.get(user.id);
    return {
      id: user.id,
      uuid: user.uuid,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      contactNumber: user.contactNumber,
      dateOfBirth: user.dateOfBirth,
      graduationYear: user.graduationYear,
      status: user.status,
      userImage: user.userImage,
      organizationId: user.organizationId,
      bio: user.bio,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      JoinedTeams: (teamsOf.get(user.id) ?? []).map((t) => ({ id: t.id, uuid: t.uuid, name: t.name, Sport: t.sport })),
      Coach: coach
        ? {
            id: coach.id,
            title: coach.title,
            TeamCoaches: (coachedBy.get(coach.id) ?? []).map((c) => ({
              id: c.link.id,
              teamId: c.link.teamId,
              role: c.link.role,
              Team: { ...c.team, Sport: c.sport },
            })),
          }
        : null,
    };
  });
}

export async function presentUser(db: Db, user: AppUser): Promise<User> {
  const [presented] = await presentUsers(db, [user]);
  return presented as User;
}

export const presentPerson = (u: AppUser): PersonSummary => ({
  id: u.id,
  uuid: u.uuid,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  role: u.role,
  status: u.status,
  contactNumber: u.contactNumber,
  userImage: u.userImage,
  graduationYear: u.graduationYear,
});
