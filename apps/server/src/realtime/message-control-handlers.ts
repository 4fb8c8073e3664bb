/**
 * Edit and unsend over Socket.IO (decision 023): the ack answers the author with the message as
 * it now reads; every member of the room hears `chat:message-updated` on their own channel,
 * after the change is committed.
 */
import { messageEditSchema, messageUnsendSchema, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Server } from 'socket.io';
import type { Db } from '../db/client.ts';
import { editMessage, type MessageChange, unsendMessage } from '../modules/message-controls/service.ts';
import { handler, type SocketFeature, socketUser } from './ack-handler.ts';
import { userRoom } from './rooms.ts';

export function messageControlFeature({ io, db }: { io: Server; db: Db }): SocketFeature {
  const announce = ({ message, memberIds }: MessageChange) => {
    if (memberIds.length) io.to(memberIds.map(userRoom)).emit(SOCKET_EVENTS.messageUpdated, message);
    return message;
  };

  const messageEdit = handler(messageEditSchema, async (socket, { messageId, content }) =>
    announce(await editMessage(db, socketUser(socket), messageId, content)),
  );

  const messageUnsend = handler(messageUnsendSchema, async (socket, { messageId }) =>
    announce(await unsendMessage(db, socketUser(socket), messageId)),
  );

  return {
    events: [
      [SOCKET_EVENTS.messageEdit, messageEdit],
      [SOCKET_EVENTS.messageUnsend, messageUnsend],
    ],
  };
}
