/**
 * A room's preview in a list: its newest message that was not unsent (after an unsend the list
 * shows the one before it, decision 023), read by a lateral join beside the room's row. Shared
 * by the admin app's room list and the member app's conversation list.
 */
import type { ChatMessage, MessageType } from '@fieldhouse/shared';
import { type SQL, sql } from 'drizzle-orm';

/** The `lm_*` columns `lastMessageColumns` selects. */
export type LastMessageRow = {
  lm_id: number | string | null;
  lm_uuid: string | null;
  lm_content: string | null;
  lm_edited_at: Date | string | null;
  lm_message_type: MessageType | null;
  lm_created_at: Date | string | null;
  lm_sender_id: number | null;
  lm_sender_first_name: string | null;
  lm_sender_last_name: string | null;
  lm_sender_image: string | null;
};

/** SQL for the select list: the preview's columns, from the join `lastMessageJoin` adds. */
export const lastMessageColumns = sql.raw(
  `lm.id as lm_id, lm.uuid as lm_uuid, lm.content as lm_content, lm.edited_at as lm_edited_at,
   lm.message_type as lm_message_type, lm.created_at as lm_created_at, lm.sender_id as lm_sender_id,
   lm.sender_first_name as lm_sender_first_name, lm.sender_last_name as lm_sender_last_name,
   lm.sender_image as lm_sender_image`,
);

/** SQL: `left join lateral (…) lm` on the newest message of the room whose id is `roomId`. */
export const lastMessageJoin = (roomId: SQL) => sql`
  left join lateral (
    select cm.id, cm.uuid, cm.content, cm.message_type, cm.created_at, cm.edited_at, cm.sender_id,
           s.first_name as sender_first_name, s.last_name as sender_last_name, s.user_image as sender_image
    from chat_messages cm left join users s on s.id = cm.sender_id
    where cm.room_id = ${roomId} and cm.deleted_at is null order by cm.id desc limit 1
  ) lm on true`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The preview as a message, or null when the room has none (or every one was unsent). */
export function presentLastMessage(
  row: LastMessageRow,
  room: { id: number | null; uuid: string | null },
): ChatMessage | null {
  if (!row.lm_id || !row.lm_uuid || !row.lm_created_at || !room.id || !room.uuid) return null;
  return {
    id: Number(row.lm_id),
    uuid: row.lm_uuid,
    // A SYSTEM note has no sender: it reads as Fieldhouse, as in the room's history.
    sender: row.lm_sender_id
      ? {
          id: row.lm_sender_id,
          firstName: row.lm_sender_first_name ?? undefined,
          lastName: row.lm_sender_last_name,
          userImage: row.lm_sender_image,
        }
      : { id: 0, firstName: 'Fieldhouse' },
    content: row.lm_content ?? '',
    createdAt: iso(row.lm_created_at),
    editedAt: row.lm_edited_at ? iso(row.lm_edited_at) : null,
    unsent: false,
    // A POLL shows as its question here; the poll itself loads with the room's history.
    messageType: row.lm_message_type ?? 'TEXT',
    media: [],
    poll: null,
    chatRoom: { id: room.id, uuid: room.uuid },
  };
}
