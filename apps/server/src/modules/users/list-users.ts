/**
 * The user list query (SPEC §7 /user/list): organization, search over the trigram-indexed
 * search text, role group, team, sort and page. Deleted users are never listed.
 */
import { ADMIN_ROLES, type Role, toCsvLine, type UserListQuery } from '@fieldhouse/shared';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';

const ROLE_GROUPS: Record<string, readonly Role[]> = {
  ATHLETE: ['ATHLETE'],
  COACH: ['COACH'],
  PARENT: ['PARENT'],
  ADMIN: ADMIN_ROLES,
};

const SORT_COLUMNS = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
} as const;

/** LIKE pattern for a substring, with the user's % and _ taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function userListFilter(organizationId: number, query: Pick<UserListQuery, 'search' | 'type' | 'teamId'>): SQL {
  const conditions: SQL[] = [eq(users.organizationId, organizationId), ne(users.status, 'DELETED')];
  if (query.search) {
    // Folded the same way as the stored column, so 'JOSE' finds 'José'.
    conditions.push(sql`${users.searchText} like lower(fh_unaccent(${likePattern(query.search)}))`);
  }
  const group = query.type ? ROLE_GROUPS[query.type] : undefined;
  if (group) conditions.push(inArray(users.role, [...group]));
  if (query.teamId) {
    const teamId = query.teamId;
    conditions.push(sql`(exists (select 1 from ${teamMembers} where ${teamMembers.userId} = "users"."id" and ${teamMembers.teamId} = ${teamId})
      or exists (select 1 from ${teamCoaches} join ${coaches} on ${coaches.id} = ${teamCoaches.coachId}
                 where ${coaches.userId} = "users"."id" and ${teamCoaches.teamId} = ${teamId}))`);
  }
  return and(...conditions) as SQL;
}

export async function listUsers(db: Db, organizationId: number, query: UserListQuery) {
  const where = userListFilter(organizationId, query);
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/** Every matching user as CSV lines, read a page at a time so memory stays flat. */
export async function* exportUsers(db: Db, organizationId: number, query: UserListQuery) {
  yield `${toCsvLine(['id', 'firstName', 'lastName', 'email', 'role', 'status', 'contactNumber', 'dateOfBirth', 'teams', 'createdAt'])}\r\n`;
  const pageSize = 1000;
  for (let page = 1; ; page++) {
    const { rows } = await listUsers(db, organizationId, { ...query, page, limit: pageSize });
    if (rows.length === 0) return;
    const teamsOf = await db
      .select({ userId: teamMembers.userId, name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(
        inArray(
          teamMembers.userId,
          rows.map((r) => r.id),
        ),
      );
    for (const u of rows) {
      const names = teamsOf
        .filter((t) => t.userId === u.id)
        .map((t) => t.name)
        .join('; ');
      yield `${toCsvLine([u.id, u.firstName, u.lastName, u.email, u.role, u.status, u.contactNumber, u.dateOfBirth, names, u.createdAt.toISOString()])}\r\n`;
    }
    if (rows.length < pageSize) return;
  }
}
