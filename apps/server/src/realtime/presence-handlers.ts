/**
 * Presence over Socket.IO: a socket is online from its connection, reports `user:presence`
 * (online/away), and asks `presence:query` for a snapshot of the people on screen. Changes of
 * the user's status go to their organization as `presence:online` / `presence:offline`.
 */
import { presenceQuerySchema, presenceSchema, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Server, Socket } from 'socket.io';
import type { AppUser } from '../modules/auth/authenticate.ts';
import { handler } from './ack-handler.ts';
import { type PresenceStatus, presenceAfter, presenceSnapshot } from './presence.ts';
import { organizationRoom } from './rooms.ts';

export type PresenceDeps = {
  io: Server;
  log: { error: (o: object, m: string) => void };
  /** Lets shutdown wait for presence work still publishing through Redis. */
  track?: <T>(work: Promise<T>) => Promise<T>;
};

export function registerPresenceHandlers(socket: Socket, { io, log, track = (work) => work }: PresenceDeps) {
  const user = socket.data.user as AppUser;

  const announce = (status: PresenceStatus) => {
    if (!user.organizationId) return;
    const event = status === 'offline' ? SOCKET_EVENTS.presenceOffline : SOCKET_EVENTS.presenceOnline;
    io.to(organizationRoom(user.organizationId)).emit(event, { userId: user.id, status, timestamp: Date.now() });
  };

  // One socket's changes are worked out in order, so a quick away → online never lands backwards.
  let previous: Promise<unknown> = Promise.resolve();
  const move = (to: PresenceStatus) => {
    const from = (socket.data.presence as PresenceStatus | undefined) ?? 'offline';
    socket.data.presence = to;
    const result = previous.then(async () => {
      const next = await presenceAfter(io, user.id, socket.id, from, to);
      if (next.changed) announce(next.status);
      return next.status;
    });
    previous = result.catch(() => {});
    return result;
  };
  const moveQuietly = (to: PresenceStatus) =>
    track(move(to)).catch((error: unknown) => log.error({ err: error, userId: user.id }, 'presence update failed'));

  void moveQuietly('online');

  socket.on(
    SOCKET_EVENTS.userPresence,
    handler(presenceSchema, async ({ status }) => ({ status: await move(status) })),
  );

  socket.on(
    SOCKET_EVENTS.presenceQuery,
    handler(presenceQuerySchema, ({ userIds }) => presenceSnapshot(io, user.organizationId, userIds)),
  );

  socket.on('disconnect', () => void moveQuietly('offline'));
}
