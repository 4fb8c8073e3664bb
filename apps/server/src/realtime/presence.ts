/**
 * Presence of a user over all their sockets on every node: online if any socket is online, away
 * if all are away, offline with none. Each socket keeps its own state in `socket.data.presence`
 * and `fetchSockets` asks every node (through the Redis adapter), so no node keeps a tally that
 * the others' sockets would make wrong.
 */
import type { PresenceSnapshot } from '@fieldhouse/shared';
import type { Server } from 'socket.io';
import { userRoom } from './rooms.ts';

export type PresenceStatus = 'online' | 'away' | 'offline';

type SocketData = { user?: { id: number; organizationId: number | null }; presence?: PresenceStatus };

/** A socket between the handshake and its connection handler counts as online. */
const stateOf = (data: SocketData): PresenceStatus => data.presence ?? 'online';

export function combinedStatus(states: PresenceStatus[]): PresenceStatus {
  if (states.includes('online')) return 'online';
  return states.includes('away') ? 'away' : 'offline';
}

/**
 * The asked users' status over every node, in one fetch. People of another organization (or of
 * none) read as offline, like people who are: tenants never learn about each other.
 */
export async function presenceSnapshot(
  io: Server,
  organizationId: number | null,
  userIds: number[],
): Promise<PresenceSnapshot> {
  const ids = [...new Set(userIds)];
  const states = new Map<number, PresenceStatus[]>();
  if (organizationId !== null && ids.length > 0) {
    for (const socket of await io.in(ids.map(userRoom)).fetchSockets()) {
      const data = socket.data as SocketData;
      if (!data.user || data.user.organizationId !== organizationId) continue;
      states.set(data.user.id, [...(states.get(data.user.id) ?? []), stateOf(data)]);
    }
  }
  return Object.fromEntries(ids.map((id) => [id, combinedStatus(states.get(id) ?? [])]));
}

/** Whether another socket of the user on this node is online (read synchronously, so no race here). */
function onlineHereBesides(io: Server, userId: number, socketId: string) {
  for (const id of io.sockets.adapter.rooms.get(userRoom(userId)) ?? []) {
    const socket = id === socketId ? undefined : io.sockets.sockets.get(id);
    if (socket && stateOf(socket.data as SocketData) === 'online') return true;
  }
  return false;
}

/**
 * The user's status after one of their sockets goes from `from` to `to` ('offline': gone), and
 * whether that is news for their organization. Another online tab on this node settles it at
 * once; coming online needs no look further (a repeated "online" is harmless, a missed one is
 * not); going away or leaving asks every node, so someone still connected elsewhere is never
 * announced offline.
 */
export async function presenceAfter(
  io: Server,
  userId: number,
  socketId: string,
  from: PresenceStatus,
  to: PresenceStatus,
): Promise<{ status: PresenceStatus; changed: boolean }> {
  if (onlineHereBesides(io, userId, socketId)) return { status: 'online', changed: false };
  if (to === 'online') return { status: 'online', changed: from !== 'online' };
  const others = (await io.in(userRoom(userId)).fetchSockets())
    .filter((socket) => socket.id !== socketId)
    .map((socket) => stateOf(socket.data as SocketData));
  const before = combinedStatus([...others, from]);
  const after = combinedStatus([...others, to]);
  return { status: after, changed: before !== after };
}
