/** Delivery of a newly stored message (a text, a file or a poll), the same for every kind. */
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Server } from 'socket.io';
import type { Db } from '../db/client.ts';
import type { AppUser } from '../modules/auth/authenticate.ts';
import type { AbsentNotifier } from '../modules/chat/absent-notifier.ts';
import { userRoom } from './rooms.ts';

export type DeliveryDeps = {
  io: Server;
  db: Db;
  log: { error: (o: object, m: string) => void };
  /** Runs a delivery; resolves once the other nodes can hear it (`SocketServer.delivered`). */
  delivered: (send: () => void) => Promise<unknown>;
  /** Counts a delivered message by type (metrics). */
  countMessage?: (type: string) => void;
  /** The bell for members not in the room: batched, and never holding up the sender's ack. */
  notifyAbsent: AbsentNotifier;
};

/** Every member hears it on their own channel, joined to the room or not (lists, counts). */
export function deliverMessage(
  deps: DeliveryDeps,
  room: { id: number },
  sender: AppUser,
  message: ChatMessage,
  memberIds: number[],
) {
  deps.countMessage?.(message.messageType);
  tellMembers(deps.io, message, memberIds);
  deps.notifyAbsent({ room, sender, messageId: message.id, content: message.content, memberIds });
}

/** The message, and a nudge to recount the room's tab, on each member's own channel. */
function tellMembers(io: Server, message: ChatMessage, memberIds: number[]) {
  const members = memberIds.map(userRoom);
  io.to(members).emit(SOCKET_EVENTS.chatMessageReceived, message);
  io.to(members).emit(SOCKET_EVENTS.tabUnreadCountUpdate, { roomId: message.chatRoom.id });
}

/**
 * A resend of a stored message (the client never got its ack): the members hear it again, live
 * only, since its first delivery may not have reached them. The apps merge it by id; counters
 * and notifications were settled when it was stored, so nothing else moves.
 */
export function redeliverMessage(deps: Pick<DeliveryDeps, 'io'>, message: ChatMessage, memberIds: number[]) {
  if (memberIds.length > 0) tellMembers(deps.io, message, memberIds);
}
