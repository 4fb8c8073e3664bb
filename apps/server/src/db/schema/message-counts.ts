/**
 * The messaging report's daily counts, kept as messages arrive (decision 031): kept messages
 * (not deleted, not SYSTEM) per school, 15-minute slice and sender's role.
 * Every time zone's midnight falls on a 15-minute boundary, so any school's days are whole sums
 * of slices. Triggers in migration 0028 maintain it on every path (send, delete, a room's or
 * user's removal, a role change); nothing in the app writes it.
 */
import { bigint, index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { chatRooms } from './chat.ts';
import { organizations } from './organizations.ts';
import { roleEnum } from './users.ts';

export const chatMessageCounts = pgTable(
  'chat_message_counts',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slice: timestamp('slice', { withTimezone: true }).notNull(),
    senderRole: roleEnum('sender_role').notNull(),
    messages: integer('messages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.slice, t.senderRole] })],
);

/**
 * Changes to the counts not folded in yet: a row per kept message added (+1) or removed (-1),
 * written by the message trigger without a lookup or a lock, so a send never waits on a busy
 * count row. `chat_message_counts_fold()` moves them into the counts (the report first, and a
 * job every few seconds on each node).
 */
export const chatMessageCountChanges = pgTable('chat_message_count_changes', {
  roomId: integer('room_id').notNull(),
  senderId: integer('sender_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  sign: smallint('sign').notNull(),
});

/**
 * The first-response runs (decision 031): in a DIRECT room, each kept message of a coach,
 * athlete or guardian whose previous kept message (of that side or of an admin of the school) is
 * not theirs starts a run, answered by the next admin's message. Kept by the triggers of
 * migration 0028, which recompute a room's runs from the earliest message a change touches.
 */
export const chatResponseRuns = pgTable(
  'chat_response_runs',
  {
    messageId: bigint('message_id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [index('chat_response_runs_room_idx').on(t.roomId, t.startedAt)],
);
