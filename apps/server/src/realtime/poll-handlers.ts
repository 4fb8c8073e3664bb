/**
 * Polls over Socket.IO: a new poll travels like any chat message; a vote answers with the new
 * tally and tells every member of the room (`poll:update`) on their own channel.
 */
import { pollCreateSchema, pollVoteSchema, SOCKET_EVENTS } from '@fieldhouse/shared';
import { createPoll, vote } from '../modules/chat/polls.ts';
import { accessibleRoom } from '../modules/chat/rooms.ts';
import type { Emit } from '../modules/safeguarding/reconcile.ts';
import { handler, type SocketFeature, socketUser } from './ack-handler.ts';
import { type DeliveryDeps, deliverMessage, redeliverMessage } from './deliver-message.ts';
import { userRoom } from './rooms.ts';

export function pollFeature(deps: DeliveryDeps): SocketFeature {
  const { io, db } = deps;
  /** Room changes (an administrator's oversight) reach open sockets once committed. */
  const live = (emit: Emit) => emit(io);

  const pollCreate = handler(pollCreateSchema, async (socket, { roomId, ...input }) => {
    const user = socketUser(socket);
    const room = await accessibleRoom(db, user, roomId, live);
    const { message, duplicate, memberIds } = await createPoll(db, user, room, input);
    // The ack after Redis has it, as chat:message.
    await deps.delivered(() =>
      duplicate ? redeliverMessage(deps, message, memberIds) : deliverMessage(deps, room, user, message, memberIds),
    );
    return message;
  });

  const pollVote = handler(pollVoteSchema, async (socket, { pollId, optionIds }) => {
    const { update, memberIds, roomChange } = await vote(db, socketUser(socket), pollId, optionIds);
    // An administrator voting joins the room to oversee it: members and people it let go hear that too.
    roomChange(io);
    io.to(memberIds.map(userRoom)).emit(SOCKET_EVENTS.pollUpdate, update);
    return update.poll;
  });

  return {
    events: [
      [SOCKET_EVENTS.pollCreate, pollCreate],
      [SOCKET_EVENTS.pollVote, pollVote],
    ],
  };
}
