/**
 * The only code that shapes a user for the API: SPEC §3's User with JoinedTeams (each with its
 * Sport) and Coach (with TeamCoaches). Internal columns (identity link, search text) stay inside.
 */
import type { User } from '@fieldhouse/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, sports, teamCoaches, teamMembers, teams } from '../../db/schema/index.ts';
import type { AppUser } from '../auth/authenticate.ts';

export async function presentUser(db: Db, user: AppUser): Promise<User> {
  const joined = await db
    .select({ id: teams.id, uuid: teams.uuid, name: teams.name, sport: sports })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(sports, eq(sports.id, teams.sportId))
    .where(eq(teamMembers.userId, user.id))
    .orderBy(teams.name);
  const [coach] = await db.select().from(coaches).where(eq(coaches.userId, user.id)).limit(1);
  const coached = coach
    ? await db
        .select({ link: teamCoaches, team: { id: teams.id, uuid: teams.uuid, name: teams.name }, sport: sports })
        .from(teamCoaches)
        .innerJoin(teams, eq(teams.id, teamCoaches.teamId))
        .innerJoin(sports, eq(sports.id, teams.sportId))
        .where(inArray(teamCoaches.coachId, [coach.id]))
        .orderBy(teams.name)
    : [];
  return {
    id: user.id,
    uuid: user.uuid,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    contactNumber: user.contactNumber,
    dateOfBirth: user.dateOfBirth,
    status: user.status,
    userImage: user.userImage,
    organizationId: user.organizationId,
    bio: user.bio,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    JoinedTeams: joined.map((t) => ({ id: t.id, uuid: t.uuid, name: t.name, Sport: t.sport })),
    Coach: coach
      ? {
          id: coach.id,
          title: coach.title,
          TeamCoaches: coached.map((c) => ({
            id: c.link.id,
            teamId: c.link.teamId,
            role: c.link.role,
            Team: { ...c.team, Sport: c.sport },
          })),
        }
      : null,
  };
}
