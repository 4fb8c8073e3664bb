/**
 * The user list query (SPEC §7 /user/list): organization, search over the trigram-indexed
 * search text, role group, team, sort and page. Deleted users are never listed.
 */
import { ADMIN_ROLES, type Role, toCsvLine, type UserListQuery } from '@fieldhouse/shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, teamCoaches, teamMembers, users } from '../../db/schema/index.ts';
import { type PresentableUser, presentedParts } from './presenter.ts';

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

/**
 * The page statement: one page of users with their presented parts (one round trip). The page is
 * cut in a subquery first, so the parts are built for its rows only, not for every row the sort
 * or the offset passes over (that made the statement two to three times slower). Each row also
 * carries its sort value as PostgreSQL prints it (`sortKey`), the export's keyset cursor.
 */
export function userListPage(db: Db, where: SQL, query: UserListQuery) {
  const direction = query.order === 'desc' ? desc : asc;
  const column = SORT_COLUMNS[query.sort];
  const page = db
    .select({ ...getTableColumns(users), sortKey: sql<string | null>`${column}::text`.as('sort_key') })
    .from(users)
    .where(where)
    .orderBy(direction(column), direction(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('users');
  return db
    .select({ ...page._.selectedFields, ...presentedParts })
    .from(page)
    .orderBy(direction(page[query.sort]), direction(page.id));
}

export async function listUsers(db: Db, organizationId: number, query: UserListQuery) {
  const where = userListFilter(organizationId, query);
  const [rows, [total]] = await Promise.all([
    userListPage(db, where, query),
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

/** The teams a user plays on and coaches ("JV Football (head coach)"), by name. */
const teamNamesOf = (u: PresentableUser) =>
  [
    ...u.JoinedTeams.map((t) => t.name),
    ...(u.Coach?.TeamCoaches ?? []).map(
      (c) => `${c.Team?.name} (${c.role === 'HEAD' ? 'head coach' : 'assistant coach'})`,
    ),
  ].join('; ');

/** Where a keyset cursor leaves off: the last row's sort value (as text) and id. */
type ExportCursor = { key: string | null; id: number };

/**
 * One side of the sort column's NULLs, after the cursor. PostgreSQL puts NULLs last ascending and
 * first descending, so the export reads the two sides one after the other; within a side the
 * cursor is a row comparison, which the (organization, column, id) index starts from (an OR of
 * both sides made every page scan the index from the top). The key goes back as text and
 * PostgreSQL reads it as the column's type, so a timestamp keeps its microseconds.
 */
function keysetSide(query: UserListQuery, side: 'values' | 'nulls', cursor: ExportCursor | undefined): SQL {
  const column = SORT_COLUMNS[query.sort];
  const after = sql.raw(query.order === 'desc' ? '<' : '>');
  if (side === 'nulls')
    return cursor ? sql`${column} is null and ${users.id} ${after} ${cursor.id}` : sql`${column} is null`;
  return cursor ? sql`(${column}, ${users.id}) ${after} (${cursor.key}, ${cursor.id})` : sql`${column} is not null`;
}

/**
 * Every matching user as CSV lines, read a page at a time so memory stays flat. Pages follow a
 * keyset cursor, not an offset: a person added or removed while the file streams cannot shift the
 * pages, so no one who stays is skipped or listed twice, and a deep page costs what the first does.
 * A person whose sort value changes mid-file can move across the cursor: written ids are kept so
 * no one is written twice, and whoever matches at the end but was passed over goes last.
 */
export async function* exportUsers(db: Db, organizationId: number, query: UserListQuery) {
  yield `${toCsvLine(EXPORT_COLUMNS)}\r\n`;
  const pageSize = 1000;
  // The filter once, and no count: the export only needs the rows.
  const where = userListFilter(organizationId, query);
  const written = new Set<number>();
  const lines = (rows: Awaited<ReturnType<typeof userListPage>>) => {
    let out = '';
    for (const u of rows) {
      if (written.has(u.id)) continue;
      written.add(u.id);
      out += `${toCsvLine([u.id, u.firstName, u.lastName, u.email, u.role, u.status, u.contactNumber, u.dateOfBirth, teamNamesOf(u), u.graduationYear, u.createdAt.toISOString()])}\r\n`;
    }
    return out;
  };
  const sides = query.order === 'desc' ? (['nulls', 'values'] as const) : (['values', 'nulls'] as const);
  for (const side of sides) {
    let cursor: ExportCursor | undefined;
    for (;;) {
      const pageWhere = and(where, keysetSide(query, side, cursor)) as SQL;
      const rows = await userListPage(db, pageWhere, { ...query, page: 1, limit: pageSize });
      const chunk = lines(rows);
      if (chunk) yield chunk;
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) break;
      cursor = { key: last.sortKey, id: last.id };
    }
  }
  const matching = await db.select({ id: users.id }).from(users).where(where).orderBy(users.id);
  const passed = matching.map((r) => r.id).filter((id) => !written.has(id));
  for (let at = 0; at < passed.length; at += pageSize) {
    const slice = passed.slice(at, at + pageSize);
    const chunk = lines(
      await userListPage(db, and(where, inArray(users.id, slice)) as SQL, { ...query, page: 1, limit: pageSize }),
    );
    if (chunk) yield chunk;
  }
}
