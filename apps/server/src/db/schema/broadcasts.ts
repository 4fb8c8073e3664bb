/**
 * Broadcasts (decision 029): one message from the athletic office to teams × roles, posted once
 * per room. `broadcasts` keeps what the director asked for (and, until it goes, when);
 * `broadcast_messages` the posts it became, whose acknowledgement requests ask the chosen people.
 * Written only by modules/broadcasts.
 */
import { type ASKED_AS, BROADCAST_STATUSES } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { askedAsEnum } from './acknowledgements.ts';
import { chatMessages, chatRooms } from './chat.ts';
import { organizations } from './organizations.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const broadcastStatusEnum = pgEnum('broadcast_status', BROADCAST_STATUSES);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What the director chose, as given: re-resolved when a scheduled one goes out. */
export type BroadcastTargets = { teamIds: number[]; seasons: string[]; everyone: boolean };

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    audiences: jsonb('audiences').$type<(typeof ASKED_AS)[number][]>().notNull(),
    targets: jsonb('targets').$type<BroadcastTargets>().notNull(),
    requireAck: boolean('require_ack').notNull().default(true),
    template: varchar('template', { length: 40 }),
    status: broadcastStatusEnum('status').notNull(),
    /** When it is due (scheduled); null for one sent at once. */
    sendAt: at('send_at'),
    sentAt: at('sent_at'),
    canceledAt: at('canceled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('broadcasts_org_idx').on(t.organizationId, t.createdAt),
    // What the scheduler claims: due and still waiting.
    index('broadcasts_due_idx').on(t.sendAt).where(sql`status = 'SCHEDULED'`),
  ],
);

export const broadcastMessages = pgTable(
  'broadcast_messages',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** The team whose room it went to; null for the coaches' room. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.messageId] }),
    index('broadcast_messages_message_idx').on(t.messageId),
  ],
);

/** Who each post reached (asked or not): the tracking's people, once per post. */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    askedAs: askedAsEnum('asked_as').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('broadcast_recipients_broadcast_idx').on(t.broadcastId, t.userId),
  ],
);

export type BroadcastRow = typeof broadcasts.$inferSelect;
