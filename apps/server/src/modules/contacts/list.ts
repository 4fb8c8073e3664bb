/**
 * `GET /api/me/contacts` (decision 026): the people the caller may start a direct conversation
 * with, with the team(s) that connect them, the room they already share, and who else would read
 * along under the safeguarding policy (decision 018), worked out by that policy's own pure
 * function on the conversation as it would be made. No e-mail addresses or phone numbers.
 */
import {
  ADMIN_ROLES,
  CONTACT_GROUPS,
  isAdminRole,
  isMinorAthlete,
  type MemberContact,
  ROLE_LABELS,
} from '@fieldhouse/shared';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRooms, guardianLinks, organizations, safeguardingContacts, users } from '../../db/schema/index.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { personColumns } from '../safeguarding/facts.ts';
import { holdReason, listNames, observationOf, personName } from '../safeguarding/notes.ts';
import { type Person, planRoom } from '../safeguarding/plan.ts';
import { likePattern } from '../users/list-users.ts';
import { decideContact, type Tie } from './policy.ts';
import { loadTies } from './ties.ts';

const contactColumns = { ...personColumns, uuid: users.uuid, userImage: users.userImage };
type Row = Person & { uuid: string; userImage: string | null };
type Allowed = { row: Row; group: MemberContact['group']; teams: MemberContact['teams']; ties: Tie[] };

const groupRank = (group: MemberContact['group']) => CONTACT_GROUPS.indexOf(group);
const byName = (a: Row, b: Row) =>
  a.firstName.localeCompare(b.firstName) || (a.lastName ?? '').localeCompare(b.lastName ?? '') || a.id - b.id;

function describe(caller: AppUser, { row, group, teams, ties }: Allowed): string {
  const teamNames = teams.map((t) => t.name).join(', ');
  const role = row.role ? ROLE_LABELS[row.role] : 'Member';
  if (group === 'STAFF' || isAdminRole(caller.role)) return teamNames ? `${role} · ${teamNames}` : role;
  if (group === 'FAMILY') return caller.role === 'PARENT' ? 'Your child' : 'Your guardian';
  if (group === 'GUARDIAN') {
    const wards = new Map<number, string>();
    for (const tie of ties)
      if (tie.kind === 'GUARDIAN_OF_MY_ATHLETE') wards.set(tie.athlete.id, personName(tie.athlete));
    return `Guardian of ${listNames([...wards.values()])}`;
  }
  return teamNames ? `${role} · ${teamNames}` : role;
}

export async function listContacts(
  db: Db,
  caller: AppUser,
  search: string,
  page: number,
  limit: number,
): Promise<{ result: MemberContact[]; totalCount: number }> {
  const organizationId = caller.organizationId;
  if (organizationId === null) return { result: [], totalCount: 0 };
  const matches: SQL | undefined = search
    ? sql`${users.searchText} like lower(fh_unaccent(${likePattern(search)}))`
    : undefined;
  const sameSchool = and(
    eq(users.organizationId, organizationId),
    eq(users.status, 'ACTIVE'),
    ne(users.id, caller.id),
    matches,
  );

  let allowed: Allowed[];
  let totalCount: number;
  if (isAdminRole(caller.role)) {
    // The whole school, paged in SQL: staff, coaches, athletes, guardians (the groups' order).
    const rank = sql`case when ${users.role} = 'COACH' then 0 when ${users.role} = 'ATHLETE' then 2
      when ${users.role} = 'PARENT' then 3 else 1 end`;
    const [rows, [count]] = await Promise.all([
      db
        .select(contactColumns)
        .from(users)
        .where(sameSchool)
        .orderBy(rank, asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: sql<number>`count(*)::int` }).from(users).where(sameSchool),
    ]);
    totalCount = count?.n ?? 0;
    allowed = rows.flatMap((row) => {
      const decision = decideContact(caller, row, []);
      return decision.allowed ? [{ row, group: decision.group, teams: decision.teams, ties: [] }] : [];
    });
  } else {
    const everyone = await memberContacts(db, caller, matches);
    totalCount = everyone.length;
    allowed = everyone.slice((page - 1) * limit, page * limit);
  }
  if (allowed.length === 0) return { result: [], totalCount };
  return { result: await present(db, caller, organizationId, allowed), totalCount };
}

/**
 * Every contact of a member (COACH, ATHLETE, PARENT), sorted by group then name. The candidates
 * are bounded by the member's own teams: the people tied to them, the staff, and for a coach the
 * other coaches; the policy then decides each one.
 */
export async function memberContacts(db: Db, caller: AppUser, matches?: SQL): Promise<Allowed[]> {
  const organizationId = caller.organizationId;
  if (organizationId === null || caller.status !== 'ACTIVE') return [];
  const ties = await loadTies(db, caller);
  const candidates = or(
    ties.size ? inArray(users.id, [...ties.keys()]) : undefined,
    inArray(users.role, [...ADMIN_ROLES]),
    caller.role === 'COACH' ? eq(users.role, 'COACH') : undefined,
  );
  const rows = await db
    .select(contactColumns)
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.status, 'ACTIVE'),
        ne(users.id, caller.id),
        matches,
        candidates,
      ),
    );
  return rows
    .flatMap((row) => {
      const its = ties.get(row.id) ?? [];
      const decision = decideContact(caller, row, its);
      return decision.allowed ? [{ row, group: decision.group, teams: decision.teams, ties: its }] : [];
    })
    .sort((a, b) => groupRank(a.group) - groupRank(b.group) || byName(a.row, b.row));
}

const directKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** One page of contacts with their room and who else the conversation holds. */
async function present(db: Db, caller: AppUser, organizationId: number, page: Allowed[]): Promise<MemberContact[]> {
  const self: Person = { ...caller };
  const pairs = page.map((c) => directKey(caller.id, c.row.id));
  const minors = [self, ...page.map((c) => c.row)].filter((p) => isMinorAthlete(p)).map((p) => p.id);
  const [rooms, links, contactRows, directorRows, [organization]] = await Promise.all([
    db
      .select({ id: chatRooms.id, directKey: chatRooms.directKey })
      .from(chatRooms)
      .where(inArray(chatRooms.directKey, pairs)),
    minors.length
      ? db
          .select({ athleteId: guardianLinks.athleteId, guardian: personColumns })
          .from(guardianLinks)
          .innerJoin(users, eq(users.id, guardianLinks.guardianId))
          .where(inArray(guardianLinks.athleteId, minors))
      : Promise.resolve([]),
    db
      .select(personColumns)
      .from(safeguardingContacts)
      .innerJoin(users, eq(users.id, safeguardingContacts.userId))
      .where(eq(safeguardingContacts.organizationId, organizationId))
      .orderBy(asc(safeguardingContacts.createdAt), asc(safeguardingContacts.userId)),
    db
      .select(personColumns)
      .from(users)
      .where(
        and(eq(users.organizationId, organizationId), eq(users.role, 'ATHLETIC_DIRECTOR'), eq(users.status, 'ACTIVE')),
      )
      .orderBy(asc(users.id)),
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)),
  ]);
  const roomOf = new Map(rooms.map((r) => [r.directKey, r.id]));
  const people = new Map<number, Person>([[self.id, self]]);
  for (const p of [...page.map((c) => c.row), ...links.map((l) => l.guardian), ...contactRows, ...directorRows])
    people.set(p.id, p);
  const guardians = new Map<number, number[]>();
  for (const l of links) guardians.set(l.athleteId, [...(guardians.get(l.athleteId) ?? []), l.guardian.id]);

  return page.map((contact) => {
    const { row } = contact;
    const key = directKey(caller.id, row.id);
    const plan = planRoom({
      id: 0,
      kind: 'DIRECT',
      organizationId,
      directKey: key,
      members: [],
      roster: [],
      coaches: [],
      people,
      guardians,
      contacts: contactRows.map((p) => p.id),
      directors: directorRows.map((p) => p.id),
    });
    const reasons = [...plan.members.entries()];
    const guardiansIn = reasons.some(([id, reason]) => reason === 'GUARDIAN' && people.get(id)?.status === 'ACTIVE');
    const secondAdult = reasons.some(([, reason]) => reason === 'SAFEGUARDING');
    const unguarded = plan.unguarded.flatMap((id) => people.get(id) ?? []);
    return {
      person: {
        id: row.id,
        uuid: row.uuid,
        firstName: row.firstName,
        lastName: row.lastName,
        role: row.role,
        userImage: row.userImage,
      },
      group: contact.group,
      teams: contact.teams,
      note: describe(caller, contact),
      roomId: roomOf.get(key) ?? null,
      guardiansIncluded: guardiansIn,
      observation: observationOf(guardiansIn, secondAdult),
      // An existing room is open whatever its hold; only a new one would be refused.
      refusal: plan.held && !roomOf.has(key) ? holdReason(unguarded, organization?.name ?? 'the school') : null,
    };
  });
}
