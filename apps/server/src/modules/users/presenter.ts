/**
 * The only code that shapes a user for the API: SPEC §3's User with JoinedTeams (each with its
 * Sport) and Coach (with TeamCoaches). Internal columns (identity link, search text) stay inside.
 * The nested parts are built as JSON by the database, in columns any users query can select
 * (`presentedParts`): the user list reads them in its page statement, one round trip in all.
 */
import type { Coach, JoinedTeam, PersonSummary, User } from '@fieldhouse/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, sports, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';
import type { AppUser } from '../auth/authenticate.ts';

// Written with aliases and qualified names: in a select from one table Drizzle renders its column
// references unqualified, which inside these subqueries would name the wrong table's "id".
const teamJson = sql`json_build_object('id', t.id, 'uuid', t.uuid, 'name', t.name,
  'Sport', json_build_object('id', s.id, 'name', s.name, 'icon', s.icon))`;

/** Correlated with the outer `users` row; each team list ordered by team name. */
export const presentedParts = {
  JoinedTeams: sql<JoinedTeam[]>`coalesce((select json_agg(${teamJson} order by t.name, t.id)
    from ${teamMembers} tm join ${teams} t on t.id = tm.team_id join ${sports} s on s.id = t.sport_id
    where tm.user_id = "users"."id"), '[]'::json)`,
  Coach: sql<Coach | null>`(select json_build_object('id', c.id, 'title', c.title, 'TeamCoaches',
      coalesce((select json_agg(json_build_object('id', tc.id, 'teamId', tc.team_id, 'role', tc.role, 'Team', ${teamJson})
          order by t.name, t.id)
        from ${teamCoaches} tc join ${teams} t on t.id = tc.team_id join ${sports} s on s.id = t.sport_id
        where tc.coach_id = c.id), '[]'::json))
    from ${coaches} c where c.user_id = "users"."id")`,
};

export type PresentableUser = AppUser & { JoinedTeams: JoinedTeam[]; Coach: Coach | null };

/** Shapes rows that were read with `presentedParts`. */
export function presentRows(rows: readonly PresentableUser[]): User[] {
  return rows.map((user) => ({
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
    JoinedTeams: user.JoinedTeams,
    Coach: user.Coach,
  }));
}

/** A user already read without its nested parts: one more query for them. */
export async function presentUser(db: Db, user: AppUser): Promise<User> {
  const [parts] = await db.select(presentedParts).from(users).where(eq(users.id, user.id));
  return presentRows([{ ...user, JoinedTeams: parts?.JoinedTeams ?? [], Coach: parts?.Coach ?? null }])[0] as User;
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
