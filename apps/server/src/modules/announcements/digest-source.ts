/**
 * The e-mail digest's acknowledgements (decisions 027, 028): announcements and schedule changes
 * that still wait for a person's "Got it", from rooms they are still in. It lives here because
 * this module owns the requests; delivery only lists it among its sources.
 */
import { isAdminRole, MEMBER_APP_BASE, notificationAppUrl, plural } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import type { DigestSource } from '../delivery/digest-sources.ts';
import { schoolTime } from '../delivery/school-time.ts';

/** Requests listed one by one; the rest are counted. */
const LISTED = 10;

const excerpt = (content: string) => {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
};

/** Still asked, still in the room, the message not taken back. */
const pendingFrom = sql`
  from ack_recipients r
  join ack_requests req on req.message_id = r.message_id
  join chat_room_members mem on mem.room_id = req.room_id and mem.user_id = r.user_id
  join chat_messages m on m.id = r.message_id and m.deleted_at is null`;
const pendingWhere = sql`r.acknowledged_at is null`;

export const pendingAcknowledgementsSource: DigestSource = {
  name: 'pending-acknowledgements',

  async due(db, threshold) {
    const { rows } = await db.execute<{ user_id: number; newest: Date | string }>(sql`
      select r.user_id, max(req.created_at) as newest
      ${pendingFrom}
      where ${pendingWhere} and req.created_at <= ${threshold.toISOString()}
      group by r.user_id`);
    return rows.map((row) => ({ userId: Number(row.user_id), newestAt: new Date(row.newest) }));
  },

  async section(db, recipient) {
    const { rows } = await db.execute<{
      message_id: number;
      room_id: number;
      kind: 'ANNOUNCEMENT' | 'SCHEDULE_CHANGE';
      team_name: string | null;
      content: string;
      created_at: Date | string;
      first_name: string | null;
      last_name: string | null;
    }>(sql`
      select r.message_id, req.room_id, req.kind, t.name as team_name, m.content, req.created_at,
        su.first_name, su.last_name
      ${pendingFrom}
      left join teams t on t.id = req.team_id
      left join users su on su.id = m.sender_id
      where ${pendingWhere} and r.user_id = ${recipient.id}
      order by r.message_id desc`);
    if (rows.length === 0) return null;
    return {
      headline: `${plural(rows.length, 'announcement')} to acknowledge`,
      more: Math.max(0, rows.length - LISTED),
      items: rows.slice(0, LISTED).map((row) => {
        const sender = row.first_name ? [row.first_name, row.last_name].filter(Boolean).join(' ') : 'Fieldhouse';
        return {
          title: row.team_name ?? 'Announcement',
          detail: row.kind === 'SCHEDULE_CHANGE' ? 'Schedule change' : 'Announcement',
          excerpt: excerpt(row.content),
          byline: `${sender}, ${schoolTime(new Date(row.created_at), recipient.timeZone)}`,
          // Members answer on Home's "To acknowledge" cards; staff in the room's thread.
          path: isAdminRole(recipient.role)
            ? notificationAppUrl(`/messages?roomId=${row.room_id}&messageId=${row.message_id}`, recipient.role)
            : MEMBER_APP_BASE,
        };
      }),
    };
  },
};
