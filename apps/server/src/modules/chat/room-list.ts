/**
 * The room list of a tab (SPEC §3 room list item): every counterpart of the tab's group in the
 * viewer's organization, with the direct room when one exists, its unread count and last message,
 * newest conversation first. Tab counts sum the unread messages per group.
 *
 * Administrators see their whole school with contact details. A coach, athlete or guardian sees
 * only the people they already have a direct room with or may start one with (decision 026),
 * without e-mail address or phone number: the school's directory is not theirs to read.
 */
import { emptyTabs, isAdminRole, type Role, type TabValue } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { contactIds } from '../contacts/visibility.ts';
import { mutedNow } from '../message-controls/mute.ts';
import { likePattern } from '../users/list-users.ts';
import { type LastMessageRow, lastMessageColumns, lastMessageJoin, presentLastMessage } from './last-message.ts';

export const TAB_ROLES: Record<TabValue, Role> = { COACHES: 'COACH', ATHLETES: 'ATHLETE', GUARDIANS: 'PARENT' };

type Row = LastMessageRow & {
  user_id: number;
  user_uuid: string;
  first_name: string;
  last_name: string | null;
  email: string;
  role: Role;
  status: 'ACTIVE';
  contact_number: string | null;
  user_image: string | null;
  room_id: number | null;
  room_uuid: string | null;
  unread: number | null;
  muted: boolean | null;
  total: number;
};

export async function roomList(db: Db, viewer: AppUser, tab: TabValue, search: string, page: number, limit: number) {
  const searchFilter = search ? sql`and u.search_text like lower(fh_unaccent(${likePattern(search)}))` : sql``;
  const admin = isAdminRole(viewer.role);
  const reach = admin ? [] : await contactIds(db, viewer);
  const reachFilter = admin
    ? sql``
    : sql`and (m.user_id is not null${
        reach.length
          ? sql` or u.id in (${sql.join(
              reach.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      })`;
  // The page is chosen first and only its rooms read their last message: a lateral join beside
  // every counterpart (a school's 1,500 guardians) cost more than the rest of the query.
  const { rows } = await db.execute<Row>(sql`
    select p.*, ${lastMessageColumns}
    from (
      select u.id as user_id, u.uuid as user_uuid, u.first_name, u.last_name, u.email, u.role, u.status,
             u.contact_number, u.user_image, r.last_message_at,
             r.id as room_id, r.uuid as room_uuid, m.unread_count as unread, ${mutedNow('m')} as muted,
             count(*) over ()::int as total
      from users u
      left join chat_rooms r
        on r.direct_key = least(u.id, ${viewer.id})::text || ':' || greatest(u.id, ${viewer.id})::text
      left join chat_room_members m on m.room_id = r.id and m.user_id = ${viewer.id}
      where u.organization_id = ${viewer.organizationId ?? -1} and u.role = ${TAB_ROLES[tab]}
        and u.status = 'ACTIVE' and u.id <> ${viewer.id} ${searchFilter} ${reachFilter}
      order by r.last_message_at desc nulls last, u.first_name, u.id
      limit ${limit} offset ${(page - 1) * limit}
    ) p
    ${lastMessageJoin(sql`p.room_id`)}
    order by p.last_message_at desc nulls last, p.first_name, p.user_id`);
  const totalCount = rows[0]?.total ?? 0;
  const result = rows.map((row) => ({
    id: row.room_id ?? row.user_id,
    uuid: row.room_uuid,
    chatId: row.room_id,
    unread: row.unread ?? 0,
    muted: row.muted === true,
    counterpart: {
      id: row.user_id,
      uuid: row.user_uuid,
      firstName: row.first_name,
      lastName: row.last_name,
      email: admin ? row.email : null,
      role: row.role,
      status: row.status,
      contactNumber: admin ? row.contact_number : null,
      userImage: row.user_image,
    },
    lastMessage: presentLastMessage(row, { id: row.room_id, uuid: row.room_uuid }),
  }));
  return { result, totalCount };
}

/** Unread messages per tab for the viewer, over their direct rooms. */
export async function tabCounts(db: Db, viewer: AppUser) {
  const { rows } = await db.execute<{ role: Role; unread: number }>(sql`
    select u.role, sum(m.unread_count)::int as unread
    from chat_room_members m
    join chat_rooms r on r.id = m.room_id and r.kind = 'DIRECT'
    join chat_room_members other on other.room_id = r.id and other.user_id <> ${viewer.id} and other.reason = 'PARTICIPANT'
    join users u on u.id = other.user_id
    where m.user_id = ${viewer.id}
    group by u.role`);
  return emptyTabs().map((tab) => ({ ...tab, count: rows.find((r) => r.role === TAB_ROLES[tab.value])?.unread ?? 0 }));
}
