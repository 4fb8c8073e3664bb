import { apiResponseSchema, dashboardSummarySchema } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { dashboardSummary } from './summary.ts';

/** GET /dashboard: what the home screen shows besides events, messages and the audit trail. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Counts of active people and teams, and who has not signed in yet',
        querystring: z.object({ organizationId: z.coerce.number().int().positive().optional().catch(undefined) }),
        response: { 200: apiResponseSchema(dashboardSummarySchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      return { statusCode: 200, message: 'OK', data: await dashboardSummary(app.database.db, organizationId) };
    },
  );
};
