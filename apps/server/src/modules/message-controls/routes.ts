/**
 * Message controls over REST (decision 023): the caller mutes or unmutes a room they are in;
 * a team room's staff pin or unpin its one pinned message.
 */
import {
  apiResponseSchema,
  muteStateSchema,
  pinnedMessageSchema,
  roomMuteSchema,
  roomPinSchema,
  SOCKET_EVENTS,
} from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors.ts';
import { userRoom } from '../../realtime/rooms.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { setRoomMute } from './mute.ts';
import { setPin } from './pin.ts';

export const messageControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['chat'];
  app.addHook('preHandler', app.authenticate);

  app.put(
    '/chat/rooms/:roomId/mute',
    {
      schema: {
        tags,
        summary: 'Mute (for a while or until unmuted) or unmute a room, for the caller only',
        params: z.object({ roomId: z.coerce.number().int().positive() }),
        body: roomMuteSchema,
        response: { 200: apiResponseSchema(muteStateSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if (user.status !== 'ACTIVE') throw forbidden();
      const data = await setRoomMute(app.database.db, user, request.params.roomId, request.body);
      return { statusCode: 200, message: 'OK', data };
    },
  );

  app.put(
    '/chat/rooms/:roomId/pin',
    {
      schema: {
        tags,
        summary: 'Pin one message of a team room (replacing the pinned one), or unpin with null',
        params: z.object({ roomId: z.coerce.number().int().positive() }),
        body: roomPinSchema,
        response: { 200: apiResponseSchema(pinnedMessageSchema.nullable()) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { roomId } = request.params;
      const { pinned, memberIds } = await setPin(app.database.db, user, roomId, request.body.messageId);
      // After the commit: every member's header refetches the room.
      if (memberIds.length) app.io.to(memberIds.map(userRoom)).emit(SOCKET_EVENTS.roomUpdate, { roomId });
      return { statusCode: 200, message: 'OK', data: pinned };
    },
  );
};
