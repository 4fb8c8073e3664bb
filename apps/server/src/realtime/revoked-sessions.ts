/**
 * Sockets live no longer than the sign-in that opened them: when identity reports sessions
 * ended, their sockets are disconnected at once, on every node (the Redis adapter carries
 * `disconnectSockets`). One device's sign-out closes that session's sockets only.
 */
import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { SessionsRevoked } from '../identity/session-events.ts';
import { sessionRoom, userRoom } from './rooms.ts';

export function disconnectRevokedSessions(io: Server, db: Db) {
  return async ({ sub, sessionId, exceptSessionId }: SessionsRevoked) => {
    if (sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
      return;
    }
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.identitySub, sub)).limit(1);
    if (!user) return;
    const sockets = io.in(userRoom(user.id));
    (exceptSessionId ? sockets.except(sessionRoom(exceptSessionId)) : sockets).disconnectSockets(true);
  };
}
