import { apiResponseSchema, organizationSummarySchema, userSchema } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizations } from '../../db/schema/index.ts';
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
        response: {
          200: apiResponseSchema(z.object({ user: userSchema, organization: organizationSummarySchema.nullable() })),
        },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [organization] = user.organizationId
        ? await app.database.db
            .select({
              id: organizations.id,
              uuid: organizations.uuid,
              name: organizations.name,
              timezone: organizations.timezone,
            })
            .from(organizations)
            .where(eq(organizations.id, user.organizationId))
        : [];
      return {
        statusCode: 200,
        message: 'OK',
        data: { user: await presentUser(app.database.db, user), organization: organization ?? null },
      };
    },
  );
};
