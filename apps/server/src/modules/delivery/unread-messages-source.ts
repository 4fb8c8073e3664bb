/** The digest's unread messages: per conversation its name, unread count and latest message; muted rooms left out. */
import { notificationAppUrl, plural } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import { mutedNow } from '../message-controls/mute.ts';
import type { DigestSource } from './digest-sources.ts';
import { schoolTime } from './school-time.ts';

/** Conversations listed by name; the rest are counted. */
const LISTED = 10;

const excerpt = (content: string, type: string) => {
  const text = content.replace(/\s+/g, ' ').trim();
  if (!text) return type === 'FILE' || type === 'IMAGE' ? '(a file)' : '';
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
};

export const unreadMessagesSource: DigestSource = {
  name: 'unread-messages',

  async due(db, threshold) {
    // Unread: after the member's read position, since they joined, from someone else, not unsent.
    const { rows } = await db.execute<{ user_id: number; newest: Date | string }>(sql`
      select mem.user_id, max(m.created_at) as newest
      from chat_room_members mem
      join chat_messages m on m.room_id = mem.room_id
        and m.id > coalesce(mem.last_read_message_id, 0)
        and m.created_at >= mem.joined_at
        and m.created_at <= ${threshold.toISOString()}
        and m.sender_id is distinct from mem.user_id
        and m.deleted_at is null
      where mem.unread_count > 0 and not ${mutedNow('mem')}
      group by mem.user_id`);
    return rows.map((row) => ({ userId: Number(row.user_id), newestAt: new Date(row.newest) }));
  },

  async section(db, recipient) {
    const { rows } = await db.execute<{
      room_id: number;
      name: string | null;
      unread: number;
      content: string | null;
      message_type: string | null;
      created_at: Date | string | null;
      first_name: string | null;
      last_name: string | null;
      sender_id: number | null;
    }>(sql`
      select r.id as room_id,
        coalesce(r.name, (
          select string_agg(trim(u.first_name || ' ' || coalesce(u.last_name, '')), ', ' order by u.first_name)
          from chat_room_members o join users u on u.id = o.user_id
          where o.room_id = r.id and o.user_id <> ${recipient.id} and o.reason = 'PARTICIPANT'
        )) as name,
        mem.unread_count as unread, lm.content, lm.message_type, lm.created_at, lm.sender_id,
        su.first_name, su.last_name
      from chat_room_members mem
      join chat_rooms r on r.id = mem.room_id
      left join lateral (
        select content, message_type, created_at, sender_id from chat_messages
        where room_id = r.id and deleted_at is null order by id desc limit 1
      ) lm on true
      left join users su on su.id = lm.sender_id
      where mem.user_id = ${recipient.id} and mem.unread_count > 0 and not ${mutedNow('mem')}
      order by r.last_message_at desc nulls last, r.id`);
    if (rows.length === 0) return null;
    const total = rows.reduce((sum, row) => sum + Number(row.unread), 0);
    return {
      headline: `${plural(total, 'unread message')} in ${plural(rows.length, 'conversation')}`,
      more: Math.max(0, rows.length - LISTED),
      items: rows.slice(0, LISTED).map((row) => {
        const sender =
          row.sender_id === null ? 'Fieldhouse' : [row.first_name, row.last_name].filter(Boolean).join(' ');
        return {
          title: row.name || 'Conversation',
          detail: `${Number(row.unread)} unread`,
          excerpt: excerpt(row.content ?? '', row.message_type ?? 'TEXT'),
          byline: row.created_at ? `${sender}, ${schoolTime(new Date(row.created_at), recipient.timeZone)}` : sender,
          path: notificationAppUrl(`/messages?roomId=${row.room_id}`, recipient.role),
        };
      }),
    };
  },
};
