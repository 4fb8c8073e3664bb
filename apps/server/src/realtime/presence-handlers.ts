/**
 * Presence over Socket.IO: a socket is online from its connection, reports `user:presence`
 * (online/away), and asks `presence:query` for a snapshot of the people on screen, which also
 * subscribes it to their changes: `presence:online` / `presence:offline` go to the sockets that
 * asked about that person, not to the whole organization, so a school's worth of people coming
 * online at once costs what they look at, not everyone times everyone.
 */
import { presenceQuerySchema, presenceSchema, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Server, Socket } from 'socket.io';
import { handler, type SocketFeature, socketUser } from './ack-handler.ts';
import { type PresenceStatus, presenceAfter, presenceSnapshot } from './presence.ts';
import { presenceRoom } from './rooms.ts';

export type PresenceDeps = {
  io: Server;
  log: { error: (o: object, m: string) => void };
  /** Lets shutdown wait for presence work still publishing through Redis. */
  track?: <T>(work: Promise<T>) => Promise<T>;
};

/** How many rooms (people followed, plus its own few) one socket may be in. */
const WATCH_LIMIT = 2_000;

/** The change a socket is still working out, while there is one. */
const pending = new WeakMap<Socket, Promise<unknown>>();

export function presenceFeature({ io, log, track = (work) => work }: PresenceDeps): SocketFeature & {
  connected: (socket: Socket) => void;
} {
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
      const next = await presenceAfter(io, socketUser(socket).id, socket.id, from, to);
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
    const { organizationId } = socketUser(socket);
    // Subscribed until the socket leaves; a socket follows at most WATCH_LIMIT people.
    if (organizationId !== null && socket.rooms.size < WATCH_LIMIT)
      await socket.join(
        userIds.slice(0, WATCH_LIMIT - socket.rooms.size).map((id) => presenceRoom(organizationId, id)),
      );
    return presenceSnapshot(io, organizationId, userIds);
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
