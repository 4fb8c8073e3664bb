import { apiResponseSchema, personSummarySchema, sportSchema } from '@fieldhouse/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coaches, sports, users } from '../../db/schema/index.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { presentPerson } from '../users/presenter.ts';

/** Sports (shared by all organizations) and the organization's coaches. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/sports',
    {
      schema: {
        tags: ['teams'],
        summary: 'Every sport with its icon',
        response: { 200: apiResponseSchema(z.array(sportSchema)) },
      },
    },
    async (request) => {
      requireAdmin(requireAuth(request).user);
      return {
        statusCode: 200,
        message: 'OK',
        data: await app.database.db.select().from(sports).orderBy(asc(sports.name)),
      };
    },
  );

  app.get(
    '/coaches',
    {
      schema: {
        tags: ['teams'],
        summary: 'The organization’s coaches',
        querystring: z.object({ organizationId: z.coerce.number().int().positive().optional().catch(undefined) }),
        response: {
          // coachId is null for a coach who has no coaching profile yet (made COACH, on no team so far).
          200: apiResponseSchema(
            z.array(personSummarySchema.extend({ coachId: z.number().int().nullable(), title: z.string().nullable() })),
          ),
        },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      // The people who are coaches now: a profile outlives a role change, and comes only with a first team.
      const rows = await app.database.db
        .select({ user: users, coach: coaches })
        .from(users)
        .leftJoin(coaches, eq(coaches.userId, users.id))
        .where(and(eq(users.organizationId, organizationId), eq(users.role, 'COACH'), eq(users.status, 'ACTIVE')))
        .orderBy(asc(users.lastName), asc(users.firstName));
      return {
        statusCode: 200,
        message: 'OK',
        data: rows.map(({ user, coach }) => ({
          ...presentPerson(user),
          coachId: coach?.id ?? null,
          title: coach?.title ?? null,
        })),
      };
    },
  );
};
