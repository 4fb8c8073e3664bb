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
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { conflict, forbidden, HttpError } from '../errors.ts';
import { sendAsMember, sendMessage } from '../modules/chat/messages.ts';
import { accessibleRoom, isRoomMember } from '../modules/chat/rooms.ts';
import { UPLOAD_STARTS_PER_MINUTE, type UploadStore } from '../modules/chat/uploads.ts';
import { holdNow } from '../modules/safeguarding/held.ts';
import type { Emit } from '../modules/safeguarding/reconcile.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { handler, type SocketFeature, socketUser } from './ack-handler.ts';
import { type DeliveryDeps, deliverMessage, redeliverMessage } from './deliver-message.ts';
import { chatRoom, userRoom } from './rooms.ts';

/** What delivery needs (`io`, `db`, `log`, `delivered`…), and the uploads'. */
export type ChatDeps = DeliveryDeps & {
  uploads: UploadStore;
  /** Upload starts per person (UPLOAD_STARTS_PER_MINUTE), shared across nodes with Redis. */
  uploadStarts: RateLimiter;
  track?: <T>(work: Promise<T>) => Promise<T>;
};

/** The client reports its own progress too; the server's count is the one that matters. */
const clientProgressSchema = z.object({ roomId: z.number().int() }).loose();

/** Typing timers of the sockets that are typing somewhere; most sockets never are. */
const typingTimers = new WeakMap<Socket, Map<number, NodeJS.Timeout>>();

function stopTyping(socket: Socket, roomId: number) {
  const timers = typingTimers.get(socket);
  const timer = timers?.get(roomId);
  if (!timers || !timer) return;
  clearTimeout(timer);
  timers.delete(roomId);
  if (timers.size === 0) typingTimers.delete(socket);
  socket.to(chatRoom(roomId)).emit(SOCKET_EVENTS.typingStop, { roomId, userId: socketUser(socket).id });
}

export function chatFeature(deps: ChatDeps): SocketFeature {
  const { io, db, uploads, uploadStarts } = deps;
  /** Room changes (an administrator's oversight) reach open sockets once committed. */
  const live = (emit: Emit) => emit(io);

  const joinRoom = handler(roomRefSchema, async (socket, { roomId }) => {
    const user = socketUser(socket);
    const room = await accessibleRoom(db, user, roomId, live);
    await socket.join(chatRoom(room.id));
    // A removal committed between the check and the join took nobody out of the channel (the
    // socket was not in it yet): asked again now, it is seen, and the socket leaves.
    if (!(await isRoomMember(db, room.id, user.id))) {
      await socket.leave(chatRoom(room.id));
      throw forbidden('You are not a member of this room');
    }
    socket.to(chatRoom(room.id)).emit(SOCKET_EVENTS.userJoined, { roomId: room.id, userId: user.id });
    return { roomId: room.id };
  });

  const leaveRoom = handler(roomRefSchema, async (socket, { roomId }) => {
    // Only a socket in the room says it left: anyone else would announce themselves in any room.
    const wasIn = socket.rooms.has(chatRoom(roomId));
    stopTyping(socket, roomId);
    await socket.leave(chatRoom(roomId));
    if (wasIn) socket.to(chatRoom(roomId)).emit(SOCKET_EVENTS.userLeft, { roomId, userId: socketUser(socket).id });
    return { roomId };
  });

  const chatMessage = handler(outgoingMessageSchema, async (socket, input) => {
    const user = socketUser(socket);
    const attachmentIds = input.attachments.map((a) => a.attachmentId);
    if (attachmentIds.some((id) => !id)) {
      throw new HttpError(400, 'attachments: upload each file first and send its attachmentId', 'attachment_id');
    }
    const send = {
      content: input.message,
      // SYSTEM messages come from the server only; polls arrive with poll:create, announcements
      // with POST /api/teams/:teamId/announcements (decision 027).
      messageType: input.messageType === 'IMAGE' || input.messageType === 'FILE' ? input.messageType : 'TEXT',
      clientId: input.clientId,
      attachmentIds: attachmentIds as string[],
      replyToId: input.replyToId,
    } as const;
    // A member's message is checked and stored in one round trip; anyone else goes through
    // accessibleRoom, which refuses them or (an administrator) adds them first.
    const { message, duplicate, memberIds } =
      (await sendAsMember(db, user, input.roomId, send)) ??
      (await sendMessage(db, user, await accessibleRoom(db, user, input.roomId, live), send));
    stopTyping(socket, input.roomId);
    // The ack waits until Redis has the delivery: a sender who holds an ack does not resend, so a
    // node dying between the two would leave the room's other members without it until they
    // reconnect (cluster-failover.test.ts). Refused by Redis, it answers 503 and the outbox resends.
    await deps.delivered(() =>
      duplicate
        ? redeliverMessage(deps, message, memberIds)
        : deliverMessage(deps, message.chatRoom, user, message, memberIds),
    );
    return message;
  });

  const fileUploadChunk = handler(fileChunkSchema, async (socket, chunk) => {
    const user = socketUser(socket);
    if (chunk.index === 0) {
      // Every start opens a temporary file and checks the quota: a client looping on starts
      // (a bug or a script) is stopped before it costs disk and queries.
      const { allowed, retryAfterMs } = await uploadStarts.hit(String(user.id));
      if (!allowed) {
        const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
        throw new HttpError(
          429,
          `Too many uploads: at most ${UPLOAD_STARTS_PER_MINUTE} files a minute. Try again in ${seconds} s.`,
          'upload_rate_limited',
        );
      }
      // A held room takes nothing from anyone (decision 018), a file no more than a message.
      const room = await accessibleRoom(db, user, chunk.roomId, live);
      if (room.safeguardingHold) throw conflict(room.safeguardingHold, 'safeguarding_hold');
    }
    const progress = await uploads.chunk(
      user.id,
      chunk,
      (abandoned) =>
        io.to(userRoom(user.id)).emit(SOCKET_EVENTS.fileUploadError, {
          roomId: abandoned.roomId,
          fileName: abandoned.fileName,
          attachmentIndex: abandoned.attachmentIndex,
          error: uploads.timeoutMessage(),
          timestamp: Date.now(),
        }),
      socket.id,
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
  });

  const fileUploadComplete = handler(fileUploadCompleteSchema, async (socket, { id, totalChunks }) =>
    uploads.complete(socketUser(socket).id, id, totalChunks),
  );

  const fileUploadError = handler(fileUploadErrorSchema, async (socket, { id }) => {
    if (id) await uploads.abortUpload(socketUser(socket).id, id);
    return null;
  });

  const fileUploadProgress = handler(clientProgressSchema, async () => null);

  const typingStart = handler(roomRefSchema, async (socket, { roomId }) => {
    if (!socket.rooms.has(chatRoom(roomId))) throw new HttpError(403, 'Join the room first', 'not_joined');
    const user = socketUser(socket);
    const timers = typingTimers.get(socket) ?? new Map<number, NodeJS.Timeout>();
    typingTimers.set(socket, timers);
    const existing = timers.get(roomId);
    // A held room relays no typing either: it would still signal (decision 018). One primary-key
    // read when typing starts; the repeats that only keep it going (and relay nothing) skip it.
    const hold = existing ? null : await holdNow(db, roomId);
    if (hold) throw conflict(hold, 'safeguarding_hold');
    const running = timers.get(roomId);
    if (running) clearTimeout(running);
    else
      socket.to(chatRoom(roomId)).emit(SOCKET_EVENTS.typingStart, {
        roomId,
        userId: user.id,
        name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      });
    // The server stops a typing indicator after 3 s even if the client never says so.
    timers.set(
      roomId,
      setTimeout(() => stopTyping(socket, roomId), CHAT.typingTimeoutMs),
    );
    return { roomId };
  });

  const typingStop = handler(roomRefSchema, async (socket, { roomId }) => {
    stopTyping(socket, roomId);
    return { roomId };
  });

  return {
    events: [
      [SOCKET_EVENTS.joinRoom, joinRoom],
      [SOCKET_EVENTS.leaveRoom, leaveRoom],
      [SOCKET_EVENTS.chatMessage, chatMessage],
      [SOCKET_EVENTS.fileUploadChunk, fileUploadChunk],
      [SOCKET_EVENTS.fileUploadComplete, fileUploadComplete],
      [SOCKET_EVENTS.fileUploadError, fileUploadError],
      [SOCKET_EVENTS.fileUploadProgress, fileUploadProgress],
      [SOCKET_EVENTS.typingStart, typingStart],
      [SOCKET_EVENTS.typingStop, typingStop],
    ],
    disconnect: (socket) => {
      for (const roomId of [...(typingTimers.get(socket)?.keys() ?? [])]) stopTyping(socket, roomId);
      // An upload dies with its socket (SPEC §7); the client starts again after reconnecting. The
      // person's other tabs keep theirs.
      void uploads.abortSocket(socket.id);
    },
  };
}
