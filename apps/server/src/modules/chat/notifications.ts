/**
 * Notifications: a message for someone not looking at its room becomes a stored notification
 * and a `notification` socket event on their own channel (SPEC §3 shape plus id and readAt).
 */
import { type Notification, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { userRoom } from '../../realtime/rooms.ts';

type Row = typeof notifications.$inferSelect;

export const presentNotification = (row: Row): Notification & { id: number; readAt: string | null } => ({
  id: row.id,
  title: row.title,
  message: row.message,
  type: row.type,
  actionUrl: row.actionUrl,
  timestamp: row.createdAt.getTime(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** A message's text as a notification shows it. */
export const messagePreview = (content: string) => (content.length > 140 ? `${content.slice(0, 139)}…` : content);

/**
 * What else hears of notifications once they are out, per socket server (web push, decision
 * 028). Called after the socket events, on the node that made the notifications, so once.
 */
const emittedListeners = new WeakMap<Server, (rows: Row[]) => void>();
export function onNotificationsEmitted(io: Server, listener: (rows: Row[]) => void) {
  emittedListeners.set(io, listener);
}

export const messageNotificationUrl = (roomId: number) => `/messages?roomId=${roomId}`;

export type NewNotification = Pick<Row, 'title' | 'message' | 'type' | 'actionUrl'> & { messageId?: number | null };

/**
 * Stores one notification per person. An unread one with the same link is replaced, so a busy
 * conversation or a much-edited event is one entry in the bell. Run `emit` after commit.
 */
export const notifyUsers = (db: Db, userIds: number[], notification: NewNotification) =>
  storeNotifications(
    db,
    userIds.map((userId) => ({ userId, ...notification })),
  );

/** Stores notifications, each its own; at most one per person and link (one statement cannot touch a row twice). */
export async function storeNotifications(db: Db, values: (NewNotification & { userId: number })[]) {
  const rows = values.length
    ? await db
        .insert(notifications)
        .values(values)
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.actionUrl],
          targetWhere: sql`read_at is null`,
          // The newer notice speaks for the link, its kind too: a safeguarding note ('info') then a
          // message must read as a message (the apps toast 'info' and ring for 'message').
          set: {
            title: sql`excluded.title`,
            message: sql`excluded.message`,
            type: sql`excluded.type`,
            messageId: sql`excluded.message_id`,
            createdAt: sql`now()`,
          },
        })
        .returning()
    : [];
  return {
    rows,
    emit: (io: Server) => {
      for (const row of rows) io.to(userRoom(row.userId)).emit(SOCKET_EVENTS.notification, presentNotification(row));
      if (rows.length) emittedListeners.get(io)?.(rows);
    },
  };
}

export async function listNotifications(db: Db, userId: number, unreadOnly: boolean, page: number, limit: number) {
  const where = and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { rows: rows.map(presentNotification), totalCount: total?.n ?? 0, unreadCount: unread?.n ?? 0 };
}

export async function markNotificationsRead(db: Db, userId: number, ids?: number[]) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids?.length ? inArray(notifications.id, ids) : undefined,
      ),
    );
}
