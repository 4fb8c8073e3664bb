/**
 * Chat over Socket.IO: every event validates its payload, checks membership and answers with
 * an ack `{ok, data} | {ok:false, error}`; nothing a client sends can crash the server.
 */
import {
  CHAT,
  fileChunkSchema,
  fileUploadCompleteSchema,
  fileUploadErrorSchema,
  outgoingMessageSchema,
  roomRefSchema,
  SOCKET_EVENTS,
} from '@fieldhouse/shared';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import type { AppUser } from '../modules/auth/authenticate.ts';
import { sendMessage } from '../modules/chat/messages.ts';
import { accessibleRoom } from '../modules/chat/rooms.ts';
import type { UploadStore } from '../modules/chat/uploads.ts';
import { handler } from './ack-handler.ts';
import { deliverMessage } from './deliver-message.ts';
import { registerPresenceHandlers } from './presence-handlers.ts';
import { chatRoom, organizationRoom, userRoom } from './rooms.ts';

export type ChatDeps = {
  io: Server;
  db: Db;
  uploads: UploadStore;
  log: { error: (o: object, m: string) => void };
  track?: <T>(work: Promise<T>) => Promise<T>;
};

export function registerChatHandlers(socket: Socket, deps: ChatDeps) {
  const { io, db } = deps;
  const user = socket.data.user as AppUser;
  const typingTimers = new Map<number, NodeJS.Timeout>();
  if (user.organizationId) void socket.join(organizationRoom(user.organizationId));

  registerPresenceHandlers(socket, deps);

  const stopTyping = (roomId: number) => {
    const timer = typingTimers.get(roomId);
    if (!timer) return;
    clearTimeout(timer);
    typingTimers.delete(roomId);
    socket.to(chatRoom(roomId)).emit(SOCKET_EVENTS.typingStop, { roomId, userId: user.id });
  };

  socket.on(
    SOCKET_EVENTS.joinRoom,
    handler(roomRefSchema, async ({ roomId }) => {
      const room = await accessibleRoom(db, user, roomId);
      await socket.join(chatRoom(room.id));
      socket.to(chatRoom(room.id)).emit(SOCKET_EVENTS.userJoined, { roomId: room.id, userId: user.id });
      return { roomId: room.id };
    }),
  );

  socket.on(
    SOCKET_EVENTS.leaveRoom,
    handler(roomRefSchema, async ({ roomId }) => {
      stopTyping(roomId);
      await socket.leave(chatRoom(roomId));
      socket.to(chatRoom(roomId)).emit(SOCKET_EVENTS.userLeft, { roomId, userId: user.id });
      return { roomId };
    }),
  );

  socket.on(
    SOCKET_EVENTS.chatMessage,
    handler(outgoingMessageSchema, async (input) => {
      const attachmentIds = input.attachments.map((a) => a.attachmentId);
      if (attachmentIds.some((id) => !id)) {
        throw new HttpError(400, 'attachments: upload each file first and send its attachmentId', 'attachment_id');
      }
      const room = await accessibleRoom(db, user, input.roomId);
      const {
        message,
        duplicate,
        memberIds: ids,
      } = await sendMessage(db, user, room, {
        content: input.message,
        // SYSTEM messages come from the server only; polls arrive with poll:create.
        messageType: input.messageType === 'SYSTEM' || input.messageType === 'POLL' ? 'TEXT' : input.messageType,
        clientId: input.clientId,
        attachmentIds: attachmentIds as string[],
      });
      stopTyping(room.id);
      if (!duplicate) deliverMessage(deps, room, user, message, ids);
      return message;
    }),
  );

  socket.on(
    SOCKET_EVENTS.fileUploadChunk,
    handler(fileChunkSchema, async (chunk) => {
      if (chunk.index === 0) await accessibleRoom(db, user, chunk.roomId);
      const progress = await deps.uploads.chunk(user.id, chunk, (abandoned) =>
        io.to(userRoom(user.id)).emit(SOCKET_EVENTS.fileUploadError, {
          roomId: abandoned.roomId,
          fileName: abandoned.fileName,
          attachmentIndex: abandoned.attachmentIndex,
          error: deps.uploads.timeoutMessage(),
          timestamp: Date.now(),
        }),
      );
      // Progress goes to the uploader's other tabs too, every 10 chunks and on the last (SPEC §7).
      if (progress.sentChunks % CHAT.progressEveryChunks === 0 || progress.sentChunks === progress.totalChunks) {
        io.to(userRoom(user.id)).emit(SOCKET_EVENTS.fileUploadProgress, {
          roomId: chunk.roomId,
          fileName: progress.fileName,
          attachmentIndex: progress.attachmentIndex,
          progress: Math.round((progress.sentChunks / progress.totalChunks) * 100),
          sentChunks: progress.sentChunks,
          totalChunks: progress.totalChunks,
        });
      }
      return progress;
    }),
  );

  socket.on(
    SOCKET_EVENTS.fileUploadComplete,
    handler(fileUploadCompleteSchema, async ({ id, totalChunks }) => deps.uploads.complete(user.id, id, totalChunks)),
  );

  socket.on(
    SOCKET_EVENTS.fileUploadError,
    handler(fileUploadErrorSchema, async ({ id }) => {
      if (id) await deps.uploads.abortUpload(user.id, id);
      return null;
    }),
  );

  // The client reports its own progress too; the server's count is the one that matters.
  socket.on(
    SOCKET_EVENTS.fileUploadProgress,
    handler(z.object({ roomId: z.number().int() }).loose(), async () => null),
  );

  socket.on(
    SOCKET_EVENTS.typingStart,
    handler(roomRefSchema, async ({ roomId }) => {
      if (!socket.rooms.has(chatRoom(roomId))) throw new HttpError(403, 'Join the room first', 'not_joined');
      const existing = typingTimers.get(roomId);
      if (existing) clearTimeout(existing);
      else
        socket.to(chatRoom(roomId)).emit(SOCKET_EVENTS.typingStart, {
          roomId,
          userId: user.id,
          name: [user.firstName, user.lastName].filter(Boolean).join(' '),
        });
      // The server stops a typing indicator after 3 s even if the client never says so.
      typingTimers.set(
        roomId,
        setTimeout(() => stopTyping(roomId), CHAT.typingTimeoutMs),
      );
      return { roomId };
    }),
  );

  socket.on(
    SOCKET_EVENTS.typingStop,
    handler(roomRefSchema, async ({ roomId }) => {
      stopTyping(roomId);
      return { roomId };
    }),
  );

  socket.on('disconnect', () => {
    for (const roomId of [...typingTimers.keys()]) stopTyping(roomId);
    // An upload dies with its socket (SPEC §7); the client starts again after reconnecting.
    void deps.uploads.abortAll(user.id);
  });
}
