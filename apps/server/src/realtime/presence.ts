/**
 * Presence of a user over all their sockets on every node: online if any socket is online, away
 * if all are away, offline with none. Each socket keeps its own state in `socket.data.presence`
 * and `fetchSockets` asks every node (through the Redis adapter), so no node keeps a tally that
 * the others' sockets would make wrong.
 */
import type { PresenceSnapshot } from '@fieldhouse/shared';
import type { Server } from 'socket.io';
import { batchWhileBusy } from '../batch-while-busy.ts';
import { groupBy } from '../group-by.ts';
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

/** The states of a user's other sockets on every node (`socketId`'s own excluded). */
export type OthersLookup = (userId: number, socketId: string) => Promise<PresenceStatus[]>;

type Question = {
  userId: number;
  socketId: string;
  resolve: (states: PresenceStatus[]) => void;
  reject: (error: unknown) => void;
};

/**
 * Asks every node about users' other sockets in batches, as the absent notifier does (decision
 * 036): while one `fetchSockets` is out, the questions that arrive wait and then go together. A
 * node stopping disconnects all its sockets at once; each asked on its own, that was one round
 * trip through Redis to every other node per socket (900 at a time in the chat bench), landing on
 * the others just as they take over its clients. A quiet node asks at once.
 */
export function createOthersLookup(io: Server): OthersLookup {
  const ask = batchWhileBusy<Question>(async (batch) => {
    try {
      const found = await io.in([...new Set(batch.map((q) => userRoom(q.userId)))]).fetchSockets();
      const byUser = groupBy(
        found.filter((socket) => (socket.data as SocketData).user),
        (socket) => (socket.data as SocketData).user?.id,
      );
      for (const q of batch)
        q.resolve(
          (byUser.get(q.userId) ?? [])
            .filter((socket) => socket.id !== q.socketId)
            .map((socket) => stateOf(socket.data as SocketData)),
        );
    } catch (error) {
      for (const q of batch) q.reject(error);
    }
  });
  return (userId, socketId) => new Promise((resolve, reject) => ask({ userId, socketId, resolve, reject }));
}

/**
 * The user's status after one of their sockets goes from `from` to `to` ('offline': gone), and
 * whether that is news for their organization. Another online tab on this node settles it at
 * once; coming online needs no look further (a repeated "online" is harmless, a missed one is
 * not); going away or leaving asks every node (through `others`), so someone still connected
 * elsewhere is never announced offline.
 */
export async function presenceAfter(
  io: Server,
  others: OthersLookup,
  userId: number,
  socketId: string,
  from: PresenceStatus,
  to: PresenceStatus,
): Promise<{ status: PresenceStatus; changed: boolean }> {
  if (onlineHereBesides(io, userId, socketId)) return { status: 'online', changed: false };
  if (to === 'online') return { status: 'online', changed: from !== 'online' };
  const states = await others(userId, socketId);
  const before = combinedStatus([...states, from]);
  const after = combinedStatus([...states, to]);
  return { status: after, changed: before !== after };
}
