/**
 * Chat: rooms (direct, team, group), members with their read position and unread count,
 * messages (exactly once per client id), and notifications.
 */
import { MESSAGE_TYPES, NOTIFICATION_TYPES } from '@fieldhouse/shared';

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { publicUuid } from './common.ts';
import { organizations } from './organizations.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const ROOM_KINDS = ['DIRECT', 'TEAM', 'GROUP'] as const;
export const roomKindEnum = pgEnum('chat_room_kind', ROOM_KINDS);
export const messageTypeEnum = pgEnum('chat_message_type', MESSAGE_TYPES);
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    uuid: publicUuid(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: roomKindEnum('kind').notNull(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }),
    /** For DIRECT rooms: "<lower user id>:<higher user id>", so a pair has one room. */
    directKey: varchar('direct_key', { length: 40 }),
    lastMessageAt: at('last_message_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * Why people's messages are refused here, while the safeguarding policy cannot keep the
     * conversation observed (decision 018); null when it can.
     */
    safeguardingHold: text('safeguarding_hold'),
    /** The one message staff pinned in a team room (decision 023): what the header shows. */
    pinnedMessageId: bigint('pinned_message_id', { mode: 'number' }).references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    pinnedBy: integer('pinned_by').references(() => users.id, { onDelete: 'set null' }),
    pinnedAt: at('pinned_at'),
    /** A GROUP room the product keeps: 'COACHES', the school's coaches' room for broadcasts (decision 029). */
    purpose: varchar('purpose', { length: 20 }),
    /**
     * Counts the reconciles that may have changed who is in the room. A send compares the value
     * it locked with the one its statement's snapshot read: a change committed while it waited
     * for the room makes it store again with a fresh view of the members (store-messages.ts).
     */
    membersVersion: integer('members_version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('chat_rooms_direct_key').on(t.directKey),
    /** One TEAM room per team, however many people open it at once. */
    uniqueIndex('chat_rooms_team_room_key').on(t.teamId).where(sql`kind = 'TEAM'`),
    index('chat_rooms_team_idx').on(t.teamId),
    /** One coaches' room per school, however many broadcasts make it at once. */
    uniqueIndex('chat_rooms_purpose_key').on(t.organizationId, t.purpose).where(sql`purpose is not null`),
    index('chat_rooms_org_idx').on(t.organizationId, t.lastMessageAt),
  ],
);

export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Why they are here (MEMBER_REASONS): a participant, an administrator's oversight, a guardian
     * who sees an adult's chat with their child, or the school's second adult (decision 018).
     */
    reason: varchar('reason', { length: 20 }).notNull().default('PARTICIPANT'),
    lastReadMessageId: integer('last_read_message_id'),
    unreadCount: integer('unread_count').notNull().default(0),
    joinedAt: at('joined_at').notNull().defaultNow(),
    /**
     * Muted by the member (decision 023): since when, and until when (null: until they unmute).
     * A muted room still counts unread but makes no bell, push or digest entries.
     */
    mutedAt: at('muted_at'),
    mutedUntil: at('muted_until'),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user_idx').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: publicUuid(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's own id for the message: a resend with the same id is the same message. */
    clientId: uuid('client_id'),
    content: text('content').notNull().default(''),
    messageType: messageTypeEnum('message_type').notNull().default('TEXT'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** The message of the same room this one answers (decision 023); the send checks the room. */
    replyToId: bigint('reply_to_id', { mode: 'number' }).references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    createdAt: at('created_at').notNull().defaultNow(),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('chat_messages_client_key').on(t.senderId, t.clientId),
    index('chat_messages_room_idx').on(t.roomId, t.id),
    // Reports walk a room's kept messages in time order (first response, unanswered; decision 011).
    index('chat_messages_room_time_idx')
      .on(t.roomId, t.createdAt, t.id)
      .where(sql`deleted_at is null and message_type <> 'SYSTEM'`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message').notNull(),
    type: notificationTypeEnum('type').notNull().default('info'),
    actionUrl: text('action_url'),
    // The message it quotes, so an edit or unsend re-quotes this notice and no other (decision 023).
    // No foreign key: the bell's upsert is on the send path, and messages are never deleted alone.
    messageId: integer('message_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_message_idx').on(t.messageId).where(sql`read_at is null`),
    // One unread notification per conversation: new messages refresh it instead of piling up.
    uniqueIndex('notifications_unread_action_key').on(t.userId, t.actionUrl).where(sql`read_at is null`),
  ],
);

/** Uploaded files: the bytes live in file storage under `storage_key`, never under a client's name. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: serial('id').primaryKey(),
    uuid: publicUuid(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 100 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_attachments_message_idx').on(t.messageId),
    index('chat_attachments_uploader_idx').on(t.uploaderId),
  ],
);
