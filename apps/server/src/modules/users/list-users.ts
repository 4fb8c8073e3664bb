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
  graduationYear: users.graduationYear,
  createdAt: users.createdAt,
} as const;

/** LIKE pattern for a substring, with the user's % and _ taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function userListFilter(
  organizationId: number,
  query: Pick<UserListQuery, 'search' | 'type' | 'teamId'> & { graduationYear?: number | undefined },
): SQL {
  const conditions: SQL[] = [eq(users.organizationId, organizationId), ne(users.status, 'DELETED')];
  if (query.search) {
    // Folded the same way as the stored column, so 'JOSE' finds 'José'.
    conditions.push(sql`${users.searchText} like lower(fh_unaccent(${likePattern(query.search)}))`);
  }
  if (query.graduationYear) conditions.push(eq(users.graduationYear, query.graduationYear));
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

const EXPORT_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'role',
  'status',
  'contactNumber',
  'dateOfBirth',
  'teams',
  'graduationYear',
  'createdAt',
];

/** Team names per user: the teams athletes play on and coaches coach ("JV Football (head coach)"). */
async function teamNamesOf(db: Db, userIds: number[]) {
  const [played, coached] = await Promise.all([
    db
      .select({ userId: teamMembers.userId, name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(inArray(teamMembers.userId, userIds))
      .orderBy(asc(teams.name)),
    db
      .select({ userId: coaches.userId, name: teams.name, role: teamCoaches.role })
      .from(teamCoaches)
      .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
      .innerJoin(teams, eq(teams.id, teamCoaches.teamId))
      .where(inArray(coaches.userId, userIds))
      .orderBy(asc(teams.name)),
  ]);
  const names = new Map<number, string[]>();
  const add = (userId: number, name: string) => names.set(userId, [...(names.get(userId) ?? []), name]);
  for (const t of played) add(t.userId, t.name);
  for (const t of coached) add(t.userId, `${t.name} (${t.role === 'HEAD' ? 'head coach' : 'assistant coach'})`);
  return names;
}

/** Every matching user as CSV lines, read a page at a time so memory stays flat. */
export async function* exportUsers(db: Db, organizationId: number, query: UserListQuery) {
  yield `${toCsvLine(EXPORT_COLUMNS)}\r\n`;
  const pageSize = 1000;
  for (let page = 1; ; page++) {
    const { rows } = await listUsers(db, organizationId, { ...query, page, limit: pageSize });
    if (rows.length === 0) return;
    const teamNames = await teamNamesOf(
      db,
      rows.map((r) => r.id),
    );
    for (const u of rows) {
      const names = (teamNames.get(u.id) ?? []).join('; ');
      yield `${toCsvLine([u.id, u.firstName, u.lastName, u.email, u.role, u.status, u.contactNumber, u.dateOfBirth, names, u.graduationYear, u.createdAt.toISOString()])}\r\n`;
    }
    if (rows.length < pageSize) return;
  }
}
