/**
 * `GET /api/me/unread`: the member app's badge, over every room the caller is a member of in
 * their school. Muted rooms count: a mute silences the bell and push, not the count (decision
 * 023), and the admin app's badge (the tab counts) counts them too.
 */
import type { MemberUnread } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppUser } from '../auth/authenticate.ts';

export async function unreadTotals(db: Db, viewer: AppUser): Promise<MemberUnread> {
  if (viewer.organizationId === null && viewer.role !== 'SUPER_ADMIN') return { rooms: 0, messages: 0 };
  const school = viewer.organizationId === null ? sql`` : sql`and r.organization_id = ${viewer.organizationId}`;
  const { rows } = await db.execute<{ rooms: number; messages: number }>(sql`
    select count(*) filter (where m.unread_count > 0)::int as rooms, coalesce(sum(m.unread_count), 0)::int as messages
    from chat_room_members m
    join chat_rooms r on r.id = m.room_id
    where m.user_id = ${viewer.id} ${school}`);
  return { rooms: Number(rows[0]?.rooms ?? 0), messages: Number(rows[0]?.messages ?? 0) };
}
