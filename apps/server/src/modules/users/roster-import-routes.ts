/**
 * `POST /user/import/rows`: the web's import after its column-mapping step. Always 200 with
 * every row's errors (a file with bad rows is an answer, not a failure); an import writes the
 * valid rows. The web sends big files in parts for its progress bar.
 */
import { apiResponseSchema, plural, rosterImportResultSchema, rosterImportRowsSchema } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { importRosterRows } from './roster-import.ts';

export const rosterImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.post(
    '/user/import/rows',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['users'],
        summary: 'Check or import mapped roster rows; the valid rows are written, the others reported',
        querystring: z.object({ organizationId: z.coerce.number().int().positive().optional().catch(undefined) }),
        body: rosterImportRowsSchema,
        response: { 200: apiResponseSchema(rosterImportResultSchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      const { rows, dryRun } = request.body;
      const result = await importRosterRows(app, organizationId, rows, dryRun, actor.id);
      const bad = result.totalRows - result.validRows;
      const message = dryRun
        ? bad
          ? `${plural(result.validRows, 'row')} ready; ${plural(bad, 'row')} ${bad === 1 ? 'needs' : 'need'} fixing`
          : `All ${plural(result.totalRows, 'row')} are ready`
        : `Imported ${plural(result.created.athletes, 'athlete')} and ${plural(result.created.guardians, 'new guardian')}`;
      return { statusCode: 200, message, data: result };
    },
  );
};
