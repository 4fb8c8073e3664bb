/**
 * Bell notifications for a message's absent members: those with no socket in its room, on any
 * node, who have not muted it. They go after the message's delivery and in batches, as the send
 * batcher stores (decision 036): while one batch is worked out, the messages that arrive wait and
 * then go together, so under load one `fetchSockets` round trip to the other nodes, one mute
 * lookup and one upsert serve many messages, and a quiet node notifies at once. Within a batch a
 * person gets one notice per room, the newest message's: the stored entry would have been
 * replaced by it anyway (one unread entry per link).
 */
import type { Server } from 'socket.io';
import { batchWhileBusy } from '../../batch-while-busy.ts';
import type { Db } from '../../db/client.ts';
import { chatRoom } from '../../realtime/rooms.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { membershipKey, mutedMemberships } from '../message-controls/mute.ts';
import { messageNotificationUrl, messagePreview, storeNotifications } from './notifications.ts';

export type AbsentNotice = {
  room: { id: number };
  sender: Pick<AppUser, 'id' | 'firstName' | 'lastName'>;
  messageId: number;
  content: string;
  memberIds: number[];
};

export type AbsentNotifier = (notice: AbsentNotice) => void;

type Deps = {
  io: Server;
  db: Db;
  log: { error: (o: object, m: string) => void };
  /** Lets shutdown wait for a batch still being stored. */
  track?: <T>(work: Promise<T>) => Promise<T>;
};

export function createAbsentNotifier({ io, db, log, track }: Deps): AbsentNotifier {
  return batchWhileBusy<AbsentNotice>(async (batch) => {
    try {
      await notifyAbsent(io, db, batch);
    } catch (error) {
      log.error({ err: error, roomIds: [...new Set(batch.map((n) => n.room.id))] }, 'notifying members failed');
    }
  }, track);
}

/** The people with a socket in the room on this node. */
function usersHere(io: Server, roomId: number) {
  const here = new Set<number>();
  for (const socketId of io.sockets.adapter.rooms.get(chatRoom(roomId)) ?? []) {
    const user = io.sockets.sockets.get(socketId)?.data.user as AppUser | undefined;
    if (user) here.add(user.id);
  }
  return here;
}

async function notifyAbsent(io: Server, db: Db, batch: AbsentNotice[]) {
  // Sockets on this node settle most messages (an open conversation); only the members not here
  // are looked for on the other nodes, for every room of the batch in one round trip.
  const hereByRoom = new Map<number, Set<number>>();
  const absent = batch.flatMap((notice) => {
    // A busy room's messages share a batch: its sockets here are walked once.
    const here = hereByRoom.get(notice.room.id) ?? usersHere(io, notice.room.id);
    hereByRoom.set(notice.room.id, here);
    return notice.memberIds
      .filter((userId) => userId !== notice.sender.id && !here.has(userId))
      .map((userId) => ({ userId, roomId: notice.room.id, notice }));
  });
  if (!absent.length) return;
  const rooms = new Map(absent.map((a) => [chatRoom(a.roomId), a.roomId]));
  const present = new Set<string>();
  for (const socket of await io.in([...rooms.keys()]).fetchSockets()) {
    const userId = (socket.data.user as AppUser | undefined)?.id;
    if (userId === undefined) continue;
    for (const name of socket.rooms) {
      const roomId = rooms.get(name);
      if (roomId !== undefined) present.add(membershipKey({ roomId, userId }));
    }
  }
  // In delivery order, so the newest message per person and room is the one kept.
  const newest = new Map<string, (typeof absent)[number]>();
  for (const a of absent) if (!present.has(membershipKey(a))) newest.set(membershipKey(a), a);
  if (!newest.size) return;
  // A muted room still counts unread, but neither rings the bell nor pushes (decision 023).
  const muted = await mutedMemberships(db, [...newest.values()]);
  const values = [...newest.entries()]
    .filter(([key]) => !muted.has(key))
    .map(([, { userId, roomId, notice }]) => ({
      userId,
      title: `New message from ${[notice.sender.firstName, notice.sender.lastName].filter(Boolean).join(' ')}`,
      message: messagePreview(notice.content),
      type: 'message' as const,
      actionUrl: messageNotificationUrl(roomId),
      messageId: notice.messageId,
    }));
  (await storeNotifications(db, values)).emit(io);
}
