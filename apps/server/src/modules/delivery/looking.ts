/**
 * Who is looking at the app right now, on any node: someone with a socket whose presence is
 * online (decision 028). A socket that reported `away` (a hidden tab, a phone app in the
 * background) is not looking, so the push still goes. Sockets on this node answer first; only
 * the rest are asked of every node (`fetchSockets` through the Redis adapter, one round trip for
 * the whole batch).
 */
import type { Server } from 'socket.io';
import type { PresenceStatus } from '../../realtime/presence.ts';
import { userRoom } from '../../realtime/rooms.ts';

type SocketData = { user?: { id: number }; presence?: PresenceStatus };

const isOnline = (data: SocketData) => (data.presence ?? 'online') === 'online';

export async function lookingUsers(io: Server, userIds: number[]): Promise<Set<number>> {
  const looking = new Set<number>();
  const elsewhere: number[] = [];
  for (const id of new Set(userIds)) {
    let here = false;
    for (const socketId of io.sockets.adapter.rooms.get(userRoom(id)) ?? []) {
      const socket = io.sockets.sockets.get(socketId);
      if (socket && isOnline(socket.data as SocketData)) here = true;
    }
    if (here) looking.add(id);
    else elsewhere.push(id);
  }
  if (elsewhere.length === 0) return looking;
  for (const socket of await io.in(elsewhere.map(userRoom)).fetchSockets()) {
    const data = socket.data as SocketData;
    if (data.user && isOnline(data)) looking.add(data.user.id);
  }
  return looking;
}
