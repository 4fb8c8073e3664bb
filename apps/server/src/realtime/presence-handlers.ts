/**
 * Presence over Socket.IO: a socket is online from its connection, reports `user:presence`
 * (online/away), and asks `presence:query` for a snapshot of the people on screen, which also
 * subscribes it to their changes: `presence:online` / `presence:offline` go to the sockets that
 * asked about that person, not to the whole organization, so a school's worth of people coming
 * online at once costs what they look at, not everyone times everyone. A coach, athlete or
 * guardian follows only the people they share a conversation with or may start one with
 * (decision 026); anyone else reads as offline, like another school's people.
 */
import { presenceQuerySchema, presenceSchema, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Server, Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { visiblePeople } from '../modules/contacts/visibility.ts';
import { handler, type SocketFeature, socketUser } from './ack-handler.ts';
import { createOthersLookup, type PresenceStatus, presenceAfter, presenceSnapshot } from './presence.ts';
import { presenceRoom } from './rooms.ts';

export type PresenceDeps = {
  io: Server;
  db: Db;
  log: { error: (o: object, m: string) => void };
  /** Lets shutdown wait for presence work still publishing through Redis. */
  track?: <T>(work: Promise<T>) => Promise<T>;
};

/** How many rooms (people followed, plus its own few) one socket may be in. */
const WATCH_LIMIT = 2_000;

/** The change a socket is still working out, while there is one. */
const pending = new WeakMap<Socket, Promise<unknown>>();

export function presenceFeature({ io, db, log, track = (work) => work }: PresenceDeps): SocketFeature & {
  connected: (socket: Socket) => void;
} {
  const others = createOthersLookup(io);
  const announce = (socket: Socket, status: PresenceStatus) => {
    const user = socketUser(socket);
    if (!user.organizationId) return;
    const event = status === 'offline' ? SOCKET_EVENTS.presenceOffline : SOCKET_EVENTS.presenceOnline;
    io.to(presenceRoom(user.organizationId, user.id)).emit(event, { userId: user.id, status, timestamp: Date.now() });
  };

  // One socket's changes are worked out in order, so a quick away → online never lands backwards.
  const move = (socket: Socket, to: PresenceStatus) => {
    const from = (socket.data.presence as PresenceStatus | undefined) ?? 'offline';
    socket.data.presence = to;
    const result = (pending.get(socket) ?? Promise.resolve()).then(async () => {
      const next = await presenceAfter(io, others, socketUser(socket).id, socket.id, from, to);
      if (next.changed) announce(socket, next.status);
      return next.status;
    });
    const settled = result.then(
      () => {},
      () => {},
    );
    pending.set(socket, settled);
    void settled.then(() => {
      if (pending.get(socket) === settled) pending.delete(socket);
    });
    return result;
  };
  const moveQuietly = (socket: Socket, to: PresenceStatus) =>
    track(move(socket, to)).catch((error: unknown) =>
      log.error({ err: error, userId: socketUser(socket).id }, 'presence update failed'),
    );

  const userPresence = handler(presenceSchema, async (socket, { status }) => ({ status: await move(socket, status) }));
  const presenceQuery = handler(presenceQuerySchema, async (socket, { userIds }) => {
    const user = socketUser(socket);
    const { organizationId } = user;
    const visible = await visiblePeople(db, user, userIds);
    const followed = userIds.filter((id) => visible.has(id));
    // Subscribed until the socket leaves; a socket follows at most WATCH_LIMIT people.
    if (organizationId !== null && socket.rooms.size < WATCH_LIMIT)
      await socket.join(
        followed.slice(0, WATCH_LIMIT - socket.rooms.size).map((id) => presenceRoom(organizationId, id)),
      );
    const known = await presenceSnapshot(io, organizationId, followed);
    return Object.fromEntries(userIds.map((id) => [id, known[id] ?? 'offline']));
  });
  return {
    /** A new socket is online. */
    connected: (socket) => void moveQuietly(socket, 'online'),
    events: [
      [SOCKET_EVENTS.userPresence, userPresence],
      [SOCKET_EVENTS.presenceQuery, presenceQuery],
    ],
    disconnect: (socket) => void moveQuietly(socket, 'offline'),
  };
}
