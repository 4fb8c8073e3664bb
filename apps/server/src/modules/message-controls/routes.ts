/** Message controls over REST (decision 023): the caller mutes or unmutes a room they are in. */
import { apiResponseSchema, muteStateSchema, roomMuteSchema } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { setRoomMute } from './mute.ts';

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
};
