/** Each person's notification switches (decision 028): no row means every switch on. */
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/index.ts';

type Row = typeof notificationPreferences.$inferSelect;

export function preferencesOf(row: Row | null | undefined): NotificationPreferences {
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  return {
    push: { messages: row.pushMessages, announcements: row.pushAnnouncements, schedule: row.pushSchedule },
    emailDigest: row.emailDigest,
  };
}

export async function readPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return preferencesOf(row);
}

/** Replaces the person's switches (one statement: two tabs saving at once leave the last one). */
export async function savePreferences(db: Db, userId: number, input: NotificationPreferences) {
  const values = {
    pushMessages: input.push.messages,
    pushAnnouncements: input.push.announcements,
    pushSchedule: input.push.schedule,
    emailDigest: input.emailDigest,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
    .returning();
  return preferencesOf(row);
}

/** The unsubscribe link's change: the digest off, the rest as it was. */
export async function turnDigestOff(db: Db, userId: number) {
  await db
    .insert(notificationPreferences)
    .values({ userId, emailDigest: false })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { emailDigest: false, updatedAt: new Date() },
    });
}
