/**
 * Notifications that reach people who are not looking (decision 028): browsers' push
 * subscriptions, the one VAPID key pair every node signs with, each person's switches, when they
 * were last seen and what their last e-mail digest covered, and their uploaded profile photo.
 */
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One browser's subscription; an endpoint belongs to one person at a time (re-subscribing moves it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
    p256dh: varchar('p256dh', { length: 100 }).notNull(),
    auth: varchar('auth', { length: 30 }).notNull(),
    /** The sign-in that subscribed (its tokens' `origin_jti`): signing that device out forgets it. */
    sessionId: varchar('session_id', { length: 64 }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The last push the service accepted, and failures since (other than 404/410, which delete the row). */
    lastSuccessAt: at('last_success_at'),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** The VAPID key pair made on first need when none is configured: one row, private half sealed. */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  id: smallint('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Each person's switches; no row means every switch on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushMessages: boolean('push_messages').notNull().default(true),
  pushAnnouncements: boolean('push_announcements').notNull().default(true),
  pushSchedule: boolean('push_schedule').notNull().default(true),
  emailDigest: boolean('email_digest').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * When a person was last seen (a socket connected or left, an API call; written at most once a
 * minute) and what their last digest covered: the newest pending item it counted. A digest goes
 * only for something newer than that.
 */
export const deliveryState = pgTable(
  'delivery_state',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: at('last_seen_at'),
    digestCoveredUntil: at('digest_covered_until'),
    digestSentAt: at('digest_sent_at'),
  },
  (t) => [index('delivery_state_last_seen_idx').on(t.lastSeenAt)],
);

/** A person's uploaded photo: the bytes in the file store under `storageKey` (random, never a name). */
export const profilePhotos = pgTable('profile_photos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  storageKey: varchar('storage_key', { length: 80 }).notNull().unique(),
  mimeType: varchar('mime_type', { length: 40 }).notNull(),
  size: integer('size').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
