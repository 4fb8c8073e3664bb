/**
 * Open sockets act as who their person is now, not as who they were at the handshake (issue #15
 * case 7). When a person's role, status or organization changes, every node re-reads them for
 * its own sockets: the socket's user is replaced, a person no longer ACTIVE is disconnected, and
 * the socket leaves the chat rooms it is no longer a member of. Until a socket's re-read is done
 * its events wait for it (`whenFresh`, awaited by every event handler), so nothing runs on the
 * old rights once the change is announced. The announcement reaches other nodes through the
 * Redis adapter (`serverSideEmit`) in milliseconds.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { chatRoomMembers, organizations, users } from '../db/schema/index.ts';
import type { AppUser } from '../modules/auth/authenticate.ts';
import { visiblePeople } from '../modules/contacts/visibility.ts';
import { chatRoom, organizationRoom, userRoom } from './rooms.ts';

const USERS_CHANGED = 'fieldhouse:users-changed';
const CHAT_ROOM = /^room:(\d+)$/;
/** `presenceRoom(organizationId, userId)`'s names. */
const PRESENCE_ROOM = /^presence:(\d+):(\d+)$/;

/** The re-read a socket is waiting for, while there is one. */
const refreshing = new WeakMap<Socket, Promise<void>>();

/** Resolves once the socket's user is current; events await it before they run. */
export const whenFresh = (socket: Socket) => refreshing.get(socket);

/**
 * Runs `work` after the socket's pending re-read, if any; the socket's events wait for both. A
 * socket whose rights cannot be confirmed (`work` failed) does not keep the old ones.
 */
export function holdEvents(socket: Socket, work: () => Promise<void>, failed: (error: unknown) => void) {
  const previous = refreshing.get(socket) ?? Promise.resolve();
  const done = previous.then(work).catch((error: unknown) => {
    failed(error);
    socket.disconnect(true);
  });
  refreshing.set(socket, done);
  void done.then(() => {
    if (refreshing.get(socket) === done) refreshing.delete(socket);
  });
}

/** The socket acts as `user` from now on, in its organization's channel. */
export async function becomes(socket: Socket, user: AppUser) {
  const before = socket.data.user as { organizationId: number | null } | undefined;
  if (before?.organizationId !== user.organizationId) {
    if (before?.organizationId) await socket.leave(organizationRoom(before.organizationId));
    if (user.organizationId) await socket.join(organizationRoom(user.organizationId));
  }
  // Plain data, as at the handshake: other nodes read it through fetchSockets (msgpack).
  socket.data.user = user;
}

export type FreshUsers = {
  /**
   * Call after the commit of a change to these people's role, status, organization, rooms or
   * ties: their sockets are re-read, and sockets following their presence re-checked.
   */
  changed: (userIds: number[]) => void;
};

export function freshUsers(
  io: Server,
  db: Db,
  options: { clustered: boolean; log: { error: (o: object, m: string) => void } },
): FreshUsers {
  async function reread(socket: Socket, userId: number) {
    const [found] = await db
      .select({ user: users, deactivatedAt: organizations.deactivatedAt })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, userId));
    if (found?.user.status !== 'ACTIVE' || (found.deactivatedAt && found.user.role !== 'SUPER_ADMIN')) {
      socket.disconnect(true);
      return;
    }
    const { user } = found;
    await becomes(socket, user);
    await unfollowHidden(socket, user);
    const joined = [...socket.rooms].flatMap((room) => {
      const id = room.match(CHAT_ROOM)?.[1];
      return id ? [Number(id)] : [];
    });
    if (joined.length === 0) return;
    const still = new Set(
      (
        await db
          .select({ roomId: chatRoomMembers.roomId })
          .from(chatRoomMembers)
          .where(and(eq(chatRoomMembers.userId, userId), inArray(chatRoomMembers.roomId, joined)))
      ).map((m) => m.roomId),
    );
    for (const roomId of joined) if (!still.has(roomId)) await socket.leave(chatRoom(roomId));
  }

  /**
   * The people whose presence the socket follows (`presence:query`) are asked again: someone who
   * may no longer see them (an administrator made a coach, a person moved to another school)
   * stops hearing them come and go.
   */
  async function unfollowHidden(socket: Socket, user: AppUser) {
    const followed = [...socket.rooms].flatMap((room) => {
      const match = room.match(PRESENCE_ROOM);
      return match ? [{ room, organizationId: Number(match[1]), userId: Number(match[2]) }] : [];
    });
    if (followed.length === 0) return;
    const ours = followed.filter((f) => f.organizationId === user.organizationId).map((f) => f.userId);
    const visible = await visiblePeople(db, user, ours);
    for (const f of followed)
      if (f.organizationId !== user.organizationId || !visible.has(f.userId)) await socket.leave(f.room);
  }

  /** The sockets following these people's presence ask again whether they may (ties change both ways). */
  function recheckFollowers(userIds: Set<number>) {
    // Each socket once, however many of these people it follows; their own sockets are re-read anyway.
    const followers = new Set<string>();
    for (const [room, socketIds] of io.sockets.adapter.rooms) {
      const followed = room.match(PRESENCE_ROOM)?.[2];
      if (followed && userIds.has(Number(followed))) for (const id of socketIds) followers.add(id);
    }
    for (const socketId of followers) {
      const socket = io.sockets.sockets.get(socketId);
      const user = socket?.data.user as AppUser | undefined;
      if (!socket || !user || userIds.has(user.id)) continue;
      holdEvents(
        socket,
        () => unfollowHidden(socket, socket.data.user as AppUser),
        (error) => options.log.error({ err: error, userId: user.id }, 're-checking presence follows failed'),
      );
    }
  }

  function refreshHere(userIds: number[]) {
    recheckFollowers(new Set(userIds));
    for (const userId of new Set(userIds)) {
      for (const socketId of io.sockets.adapter.rooms.get(userRoom(userId)) ?? []) {
        const socket = io.sockets.sockets.get(socketId);
        if (!socket) continue;
        holdEvents(
          socket,
          () => reread(socket, userId),
          (error) => options.log.error({ err: error, userId }, 'refreshing a socket’s user failed'),
        );
      }
    }
  }

  io.on(USERS_CHANGED, (userIds: unknown) => {
    if (Array.isArray(userIds)) refreshHere(userIds.filter((id): id is number => Number.isInteger(id)));
  });

  return {
    changed: (userIds) => {
      if (userIds.length === 0) return;
      refreshHere(userIds);
      if (options.clustered) io.serverSideEmit(USERS_CHANGED, userIds);
    },
  };
}
