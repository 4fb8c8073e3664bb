/**
 * Facilities REST under /api/facilities (decision 010): the four admin roles of the school (a
 * SUPER_ADMIN of the one chosen by organizationId), as for the calendar. DELETE archives: past
 * events keep their facility.
 */
import {
  apiResponseSchema,
  facilityInputSchema,
  facilityQuerySchema,
  facilitySchema,
  facilityUpdateSchema,
} from '@fieldhouse/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { createFacility, listFacilities, updateFacility } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const orgQuery = facilityQuerySchema.pick({ organizationId: true });
const one = apiResponseSchema(facilitySchema);

function acting(request: FastifyRequest, requested: number | undefined) {
  const actor = requireAdmin(requireAuth(request).user);
  return { actor, organizationId: resolveOrganization(actor, requested) };
}

export const facilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['facilities'];
  app.addHook('preHandler', app.authenticate);
  const db = () => app.database.db;

  app.get(
    '/facilities',
    {
      schema: {
        tags,
        summary: 'The school’s facilities by name (archived ones with includeArchived=true, listed last)',
        querystring: facilityQuerySchema,
        response: { 200: apiResponseSchema(z.array(facilitySchema)) },
      },
    },
    async (request) => {
      const { organizationId } = acting(request, request.query.organizationId);
      return {
        statusCode: 200,
        message: 'OK',
        data: await listFacilities(db(), organizationId, request.query.includeArchived),
      };
    },
  );

  app.post(
    '/facilities',
    {
      schema: {
        tags,
        summary: 'Add a facility (409 if the school has one of that name, in any case)',
        querystring: orgQuery,
        body: facilityInputSchema,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const { actor, organizationId } = acting(request, request.query.organizationId);
      const saved = await createFacility(db(), actor, organizationId, request.body);
      return reply.code(201).send({ statusCode: 201, message: 'Facility added', data: saved });
    },
  );

  app.patch(
    '/facilities/:id',
    {
      schema: {
        tags,
        summary: 'Edit a facility (a rename shows on its events at once; archived: false restores it)',
        params: idParams,
        querystring: orgQuery,
        body: facilityUpdateSchema,
        response: { 200: one },
      },
    },
    async (request) => {
      const { actor, organizationId } = acting(request, request.query.organizationId);
      const saved = await updateFacility(db(), actor, organizationId, request.params.id, request.body);
      return { statusCode: 200, message: 'Facility saved', data: saved };
    },
  );

  app.delete(
    '/facilities/:id',
    {
      schema: {
        tags,
        summary: 'Archive a facility: no longer offered for new events; past events keep it',
        params: idParams,
        querystring: orgQuery,
        response: { 200: one },
      },
    },
    async (request) => {
      const { actor, organizationId } = acting(request, request.query.organizationId);
      const saved = await updateFacility(db(), actor, organizationId, request.params.id, { archived: true });
      return { statusCode: 200, message: 'Facility archived', data: saved };
    },
  );
};
