/**
 * `GET /api/me/conversations` (issue 18 item 2): the rooms the caller is a member of, newest
 * message first, rooms with none last, paged in SQL. Each says who the caller talks to (for a
 * guardian in their child's direct room: the adult the child talks to), why the caller is there,
 * the unread count (muted rooms count, as in the admin app's list; `muted` says so), the newest
 * message not unsent (decision 023), who else reads along and any safeguarding hold (decision 018).
 */
import {
  type ConversationPerson,
  isMinorAthlete,
  type MemberConversation,
  type MemberReason,
} from '@fieldhouse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, guardianLinks, users } from '../../db/schema/index.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { type LastMessageRow, lastMessageColumns, lastMessageJoin, presentLastMessage } from '../chat/last-message.ts';
import { mutedNow } from '../message-controls/mute.ts';
import { listNames, observationOf, personName } from '../safeguarding/notes.ts';
import { likePattern } from '../users/list-users.ts';

type Row = LastMessageRow & {
  id: number;
  uuid: string;
  kind: MemberConversation['kind'];
  name: string | null;
  direct_key: string | null;
  team_id: number | null;
  team_name: string | null;
  hold: string | null;
  last_message_at: Date | string | null;
  reason: MemberReason;
  unread: number;
  muted: boolean;
};

type PersonRow = ConversationPerson & { dateOfBirth: string | null; status: AppUser['status'] };

/**
 * The caller's memberships, as a `where` condition on `m` (membership), `r` (room) and `t`
 * (team): their own school's rooms only (a platform SUPER_ADMIN without a school lists the rooms
 * they are in).
 */
function memberships(viewer: AppUser, search: string) {
  const school = viewer.organizationId === null ? sql`` : sql`and r.organization_id = ${viewer.organizationId}`;
  // The title: a team's or group's name, or a direct room's other person by name (never e-mail).
  const pattern = search ? likePattern(search) : null;
  const matches = pattern
    ? sql`and (
        lower(fh_unaccent(coalesce(r.name, ''))) like lower(fh_unaccent(${pattern}))
        or lower(fh_unaccent(coalesce(t.name, ''))) like lower(fh_unaccent(${pattern}))
        or exists (
          select 1 from users su
          where r.kind = 'DIRECT' and su.id <> ${viewer.id}
            and su.id::text = any(string_to_array(r.direct_key, ':'))
            and lower(fh_unaccent(su.first_name || ' ' || coalesce(su.last_name, ''))) like lower(fh_unaccent(${pattern}))
        ))`
    : sql``;
  return sql`m.user_id = ${viewer.id} ${school} ${matches}`;
}

const from = sql`
  from chat_room_members m
  join chat_rooms r on r.id = m.room_id
  left join teams t on t.id = r.team_id`;

export async function listConversations(
  db: Db,
  viewer: AppUser,
  search: string,
  page: number,
  limit: number,
): Promise<{ result: MemberConversation[]; totalCount: number }> {
  if (viewer.organizationId === null && viewer.role !== 'SUPER_ADMIN') return { result: [], totalCount: 0 };
  const where = memberships(viewer, search);
  const [{ rows }, { rows: counted }] = await Promise.all([
    // The page first, then the last message of its rooms only (as the admin room list does).
    db.execute<Row>(sql`
      select p.*, ${lastMessageColumns}
      from (
        select r.id, r.uuid, r.kind, r.name, r.direct_key, r.team_id, t.name as team_name,
               r.safeguarding_hold as hold, r.last_message_at, m.reason, m.unread_count as unread,
               ${mutedNow('m')} as muted
        ${from}
        where ${where}
        order by r.last_message_at desc nulls last, r.id desc
        limit ${limit} offset ${(page - 1) * limit}
      ) p
      ${lastMessageJoin(sql`p.id`)}
      order by p.last_message_at desc nulls last, p.id desc`),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${from} where ${where}`),
  ]);
  const totalCount = Number(counted[0]?.n ?? 0);
  if (rows.length === 0) return { result: [], totalCount };

  const roomIds = rows.map((r) => r.id);
  const pairIds = [...new Set(rows.flatMap((r) => (r.direct_key ? r.direct_key.split(':').map(Number) : [])))];
  const [people, observers, wards] = await Promise.all([
    pairIds.length
      ? db
          .select({
            id: users.id,
            uuid: users.uuid,
            firstName: users.firstName,
            lastName: users.lastName,
            role: users.role,
            userImage: users.userImage,
            dateOfBirth: users.dateOfBirth,
            status: users.status,
          })
          .from(users)
          .where(inArray(users.id, pairIds))
      : Promise.resolve([] as PersonRow[]),
    db
      .select({ roomId: chatRoomMembers.roomId, reason: chatRoomMembers.reason, status: users.status })
      .from(chatRoomMembers)
      .innerJoin(users, eq(users.id, chatRoomMembers.userId))
      .where(
        and(inArray(chatRoomMembers.roomId, roomIds), inArray(chatRoomMembers.reason, ['GUARDIAN', 'SAFEGUARDING'])),
      ),
    rows.some((r) => r.reason === 'GUARDIAN')
      ? db
          .select({ athleteId: guardianLinks.athleteId })
          .from(guardianLinks)
          .where(eq(guardianLinks.guardianId, viewer.id))
      : Promise.resolve([]),
  ]);
  const personOf = new Map(people.map((p) => [p.id, p]));
  const wardIds = new Set(wards.map((w) => w.athleteId));

  const result = rows.map((row): MemberConversation => {
    const pair = (row.direct_key?.split(':').map(Number) ?? []).flatMap((id) => personOf.get(id) ?? []);
    const { counterpart, title } = describeDirect(viewer, pair, wardIds);
    const seen = observers.filter((o) => o.roomId === row.id);
    return {
      id: row.id,
      uuid: row.uuid,
      kind: row.kind,
      title:
        row.kind === 'DIRECT'
          ? title
          : row.kind === 'TEAM'
            ? (row.team_name ?? row.name ?? 'Team')
            : (row.name ?? 'Group conversation'),
      counterpart: counterpart ? present(counterpart) : null,
      team: row.team_id !== null && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
      viewerReason: row.reason,
      unread: Number(row.unread),
      muted: row.muted === true,
      lastMessage: presentLastMessage(row, row),
      lastMessageAt: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
      // A guardian who cannot sign in sees nothing (decision 018), so only active ones count.
      observation: observationOf(
        seen.some((o) => o.reason === 'GUARDIAN' && o.status === 'ACTIVE'),
        seen.some((o) => o.reason === 'SAFEGUARDING'),
      ),
      hold: row.hold,
    };
  });
  return { result, totalCount };
}

const present = ({ dateOfBirth: _dob, status: _status, ...person }: PersonRow): ConversationPerson => person;

/**
 * Who a direct room is with: the other of the pair for a participant; for a guardian, the one
 * who is not their child (the adult the child talks to); for a second adult or an administrator
 * overseeing it, the adult of the two, and both names as the title.
 */
function describeDirect(
  viewer: AppUser,
  pair: PersonRow[],
  wardIds: Set<number>,
): { counterpart: PersonRow | null; title: string } {
  if (pair.some((p) => p.id === viewer.id)) {
    const other = pair.find((p) => p.id !== viewer.id) ?? null;
    return { counterpart: other, title: other ? personName(other) : 'Conversation' };
  }
  const notWard = pair.find((p) => !wardIds.has(p.id));
  if (wardIds.size && pair.some((p) => wardIds.has(p.id))) {
    const other = notWard ?? pair[0] ?? null;
    return { counterpart: other, title: other ? personName(other) : 'Conversation' };
  }
  const adult = pair.find((p) => !isMinorAthlete(p)) ?? pair[0] ?? null;
  return { counterpart: adult, title: pair.length ? listNames(pair.map(personName)) : 'Conversation' };
}
