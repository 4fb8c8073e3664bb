/**
 * Whom a member (COACH, ATHLETE, PARENT) may know about beyond their own record (decision 026):
 * the people they share a conversation with, and the people they may start one with. Presence
 * and the chat room list are narrowed to these; administrators see their whole school.
 */
import { isAdminRole } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { memberContacts } from './list.ts';

/** Everyone a member may start a conversation with. */
export async function contactIds(db: Db, caller: AppUser): Promise<number[]> {
  return (await memberContacts(db, caller)).map((c) => c.row.id);
}

/** Of `ids`, those the caller may know about: all of them for an administrator. */
export async function visiblePeople(db: Db, caller: AppUser, ids: number[]): Promise<Set<number>> {
  const asked = [...new Set(ids)];
  if (isAdminRole(caller.role) || asked.length === 0) return new Set(asked);
  const list = sql.join(
    asked.map((id) => sql`${id}`),
    sql`, `,
  );
  const [{ rows }, contacts] = await Promise.all([
    db.execute<{ user_id: number }>(sql`
      select distinct y.user_id from chat_room_members x
      join chat_room_members y on y.room_id = x.room_id
      where x.user_id = ${caller.id} and y.user_id in (${list})`),
    contactIds(db, caller),
  ]);
  const wanted = new Set(asked);
  return new Set([caller.id, ...rows.map((r) => r.user_id), ...contacts].filter((id) => wanted.has(id)));
}
