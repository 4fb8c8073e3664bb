import { apiResponseSchema, userSchema } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentUser } from '../users/presenter.ts';
import { requireAuth } from './authenticate.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (any status: the web app blocks non-ACTIVE users itself, SPEC §5)',
        response: { 200: apiResponseSchema(z.object({ user: userSchema })) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { statusCode: 200, message: 'OK', data: { user: await presentUser(app.database.db, user) } };
    },
  );
};
