/**
 * Acknowledgement requests (decision 027): a message (an announcement, a schedule change; issue
 * 19's broadcasts later) that asks people to say "Got it", and one row per person asked. Both are
 * keyed by the message, so a broadcast to many rooms is many requests of the same shape. Written
 * only by modules/announcements, in the transaction that posts the message.
 */
import { ACK_KINDS, ASKED_AS } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgEnum, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { chatMessages, chatRooms } from './chat.ts';
import { organizations } from './organizations.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const ackKindEnum = pgEnum('ack_kind', ACK_KINDS);
export const askedAsEnum = pgEnum('ack_asked_as', ASKED_AS);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One per message that asks: what kind, who asked, and when the missing were last nudged. */
export const ackRequests = pgTable(
  'ack_requests',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** The team whose room it was posted in (null for a future broadcast outside team rooms). */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    kind: ackKindEnum('kind').notNull(),
    /** The sender, or whoever made the schedule change; null once their account is gone. */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The last nudge: the next is allowed ACK_NUDGE_INTERVAL_MINUTES later (conditional SQL). */
    lastNudgedAt: at('last_nudged_at'),
  },
  (t) => [index('ack_requests_room_idx').on(t.roomId, t.messageId)],
);

/** One per person asked: a guardian of two athletes on the team is one row. */
export const ackRecipients = pgTable(
  'ack_recipients',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => ackRequests.messageId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    askedAs: askedAsEnum('asked_as').notNull(),
    /** The first "Got it"; a second one keeps it (`where acknowledged_at is null`). */
    acknowledgedAt: at('acknowledged_at'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    // "What still asks me", newest first: the member app's home.
    index('ack_recipients_pending_idx').on(t.userId, t.messageId).where(sql`acknowledged_at is null`),
    index('ack_recipients_user_idx').on(t.userId, t.messageId),
  ],
);

export type AckRequestRow = typeof ackRequests.$inferSelect;
export type AckRecipientRow = typeof ackRecipients.$inferSelect;
