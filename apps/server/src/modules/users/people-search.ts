/**
 * The person picker's search (`GET /people/search`): athletes, coaches or guardians of the whole
 * organization, matched on the trigram-indexed search text, names starting with the term first,
 * a page at a time. Each answer carries what tells namesakes apart: class, e-mail, teams.
 */
import type { PeopleSearchQuery, PersonPick } from '@fieldhouse/shared';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { coaches, guardianLinks, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { likePattern } from './list-users.ts';
import { presentPerson } from './presenter.ts';

export async function searchPeople(db: Db, organizationId: number, query: PeopleSearchQuery) {
  const conditions: SQL[] = [
    eq(users.organizationId, organizationId),
    eq(users.role, query.role),
    ne(users.status, 'DELETED'),
  ];
  const term = query.search.toLowerCase();
  if (term) conditions.push(sql`${users.searchText} like lower(fh_unaccent(${likePattern(term)}))`);
  const where = and(...conditions) as SQL;
  const prefix = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // "w" lists Williams and Walker before Matthew: a name that starts with the term ranks first.
  const startsWith = sql`case when lower(fh_unaccent(coalesce(${users.lastName}, ''))) like lower(fh_unaccent(${prefix}))
    or lower(fh_unaccent(${users.firstName})) like lower(fh_unaccent(${prefix})) then 0 else 1 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...(term ? [startsWith] : []), asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const memberships = ids.length
    ? query.role === 'COACH'
      ? await db
          .select({ userId: coaches.userId, teamId: teams.id, name: teams.name })
          .from(teamCoaches)
          .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
          .innerJoin(teams, eq(teams.id, teamCoaches.teamId))
          .where(inArray(coaches.userId, ids))
          .orderBy(asc(teams.name))
      : await db
          .select({ userId: teamMembers.userId, teamId: teams.id, name: teams.name })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(inArray(teamMembers.userId, ids))
          .orderBy(asc(teams.name))
    : [];
  const child = alias(users, 'child');
  const children =
    ids.length && query.role === 'PARENT'
      ? await db
          .select({ guardianId: guardianLinks.guardianId, firstName: child.firstName, lastName: child.lastName })
          .from(guardianLinks)
          .innerJoin(child, eq(child.id, guardianLinks.athleteId))
          .where(and(inArray(guardianLinks.guardianId, ids), ne(child.status, 'DELETED')))
      : [];
  const result: PersonPick[] = rows.map((user) => {
    const mine = memberships.filter((m) => m.userId === user.id);
    return {
      ...presentPerson(user),
      dateOfBirth: user.dateOfBirth,
      teams: mine.map((m) => m.name),
      children: children
        .filter((c) => c.guardianId === user.id)
        .map((c) => [c.firstName, c.lastName].filter(Boolean).join(' ')),
      onTeam: query.teamId ? mine.some((m) => m.teamId === query.teamId) : false,
    };
  });
  return { result, totalCount: total?.n ?? 0 };
}
