/**
 * Web push of in-app notifications (decision 028): every notification `notifyUsers` makes (a new
 * message for someone away from its room, being added to a conversation, a schedule change, an
 * announcement) also goes to the person's subscribed browsers when they are not looking at the
 * app and the notification's switch is on. It runs after the notification's commit, on the node
 * that made it (so once), off the path that answers the sender: nothing here is awaited by a
 * send, and nothing thrown here reaches it.
 */
import { notificationAppUrl, type PushPayload, pushCategoryOf, pushTag, type Role } from '@fieldhouse/shared';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import {
  notificationPreferences,
  type notifications,
  organizations,
  pushSubscriptions,
  users,
} from '../../db/schema/index.ts';
import { lookingUsers } from './looking.ts';
import { preferencesOf } from './preferences.ts';
import type { PushSend, PushTarget } from './push-sender.ts';

type NotificationRow = typeof notifications.$inferSelect;

/** Pushes at once from one node; the rest wait their turn. */
const CONCURRENCY = 8;

export type PushNotificationsDeps = {
  io: Server;
  db: Db;
  send: PushSend;
  log: { error: (o: object, m: string) => void };
  /** Lets shutdown wait for pushes still going. */
  track: <T>(work: Promise<T>) => Promise<T>;
};

export function pushNotifications(deps: PushNotificationsDeps) {
  return (rows: NotificationRow[]) => {
    if (rows.length === 0) return;
    void deps.track(pushAll(deps, rows)).catch((error: unknown) => deps.log.error({ err: error }, 'push failed'));
  };
}

async function pushAll({ io, db, send }: PushNotificationsDeps, rows: NotificationRow[]) {
  const userIds = [...new Set(rows.map((row) => row.userId))];
  // Most people have no subscription: one query settles them before anyone asks the cluster.
  const subscriptions = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      role: users.role,
      preferences: notificationPreferences,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, pushSubscriptions.userId))
    .where(
      and(
        inArray(pushSubscriptions.userId, userIds),
        eq(users.status, 'ACTIVE'),
        // A deactivated school's people are refused everywhere (decision 012), its lock screens too;
        // a SUPER_ADMIN is not, as at sign-in. The digest leaves them out alike.
        or(isNull(organizations.deactivatedAt), eq(users.role, 'SUPER_ADMIN')),
      ),
    );
  if (subscriptions.length === 0) return;
  const looking = await lookingUsers(io, [...new Set(subscriptions.map((s) => s.userId))]);
  const jobs: [PushTarget, PushPayload][] = [];
  for (const row of rows) {
    if (looking.has(row.userId)) continue;
    const category = pushCategoryOf(row);
    for (const subscription of subscriptions) {
      if (subscription.userId !== row.userId) continue;
      if (!preferencesOf(subscription.preferences).push[category]) continue;
      jobs.push([subscription, payloadOf(row, subscription.role)]);
    }
  }
  await inTurns(jobs, ([target, payload]) => send(target, payload));
}

export function payloadOf(
  row: Pick<NotificationRow, 'title' | 'message' | 'actionUrl'>,
  role: Role | null,
): PushPayload {
  return {
    title: row.title,
    // A push service takes about 4 KB; the notification's text is already a short preview.
    body: row.message.length > 240 ? `${row.message.slice(0, 239)}…` : row.message || 'Sent a file',
    url: notificationAppUrl(row.actionUrl, role),
    tag: pushTag(row.actionUrl),
  };
}

async function inTurns<T>(items: T[], work: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}
