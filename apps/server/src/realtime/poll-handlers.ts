/**
 * Polls over Socket.IO: a new poll travels like any chat message; a vote answers with the new
 * tally and tells every member of the room (`poll:update`) on their own channel.
 */
import { pollCreateSchema, pollVoteSchema, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Socket } from 'socket.io';
import type { AppUser } from '../modules/auth/authenticate.ts';
import { createPoll, vote } from '../modules/chat/polls.ts';
import { accessibleRoom } from '../modules/chat/rooms.ts';
import { handler } from './ack-handler.ts';
import { type DeliveryDeps, deliverMessage } from './deliver-message.ts';
import { userRoom } from './rooms.ts';

export function registerPollHandlers(socket: Socket, deps: DeliveryDeps) {
  const { io, db } = deps;
  const user = socket.data.user as AppUser;

  socket.on(
    SOCKET_EVENTS.pollCreate,
    handler(pollCreateSchema, async ({ roomId, ...input }) => {
      const room = await accessibleRoom(db, user, roomId);
      const { message, duplicate, memberIds } = await createPoll(db, user, room, input);
      if (!duplicate) deliverMessage(deps, room, user, message, memberIds);
      return message;
    }),
  );

  socket.on(
    SOCKET_EVENTS.pollVote,
    handler(pollVoteSchema, async ({ pollId, optionIds }) => {
      const { update, memberIds } = await vote(db, user, pollId, optionIds);
      io.to(memberIds.map(userRoom)).emit(SOCKET_EVENTS.pollUpdate, update);
      return update.poll;
    }),
  );
}
