/**
 * A school's own broadcast templates over REST (decision 029): list, save, delete. The athletic
 * office only (as for broadcasts), in the school acted in (a SUPER_ADMIN's chosen one).
 */
import { apiResponseSchema, broadcastSchoolTemplateSchema, broadcastTemplateInputSchema } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireBroadcaster } from './policies.ts';
import { deleteTemplate, listTemplates, saveTemplate } from './templates.ts';

const orgQuery = z.object({ organizationId: z.coerce.number().int().positive().optional().catch(undefined) });

export const broadcastTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['broadcasts'];
  app.addHook('preHandler', app.authenticate);
  const db = () => app.database.db;

  app.get(
    '/broadcasts/templates',
    {
      schema: {
        tags,
        summary: 'The school’s own broadcast templates, by name (the built-in ones are in the shared package)',
        querystring: orgQuery,
        response: { 200: apiResponseSchema(z.array(broadcastSchoolTemplateSchema)) },
      },
    },
    async (request) => {
      const { organizationId } = requireBroadcaster(requireAuth(request).user, request.query.organizationId);
      return { statusCode: 200, message: 'OK', data: await listTemplates(db(), organizationId) };
    },
  );

  app.post(
    '/broadcasts/templates',
    {
      schema: {
        tags,
        summary: 'Save a broadcast text as one of the school’s templates (409 if the name is taken)',
        querystring: orgQuery,
        body: broadcastTemplateInputSchema,
        response: { 201: apiResponseSchema(broadcastSchoolTemplateSchema) },
      },
    },
    async (request, reply) => {
      const { user, organizationId } = requireBroadcaster(requireAuth(request).user, request.query.organizationId);
      const saved = await saveTemplate(db(), user, organizationId, request.body);
      return reply.code(201).send({ statusCode: 201, message: 'Template saved', data: saved });
    },
  );

  app.delete(
    '/broadcasts/templates/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of the school’s broadcast templates',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: orgQuery,
        response: { 200: apiResponseSchema(broadcastSchoolTemplateSchema) },
      },
    },
    async (request) => {
      const { user, organizationId } = requireBroadcaster(requireAuth(request).user, request.query.organizationId);
      const deleted = await deleteTemplate(db(), user, organizationId, request.params.id);
      return { statusCode: 200, message: 'Template deleted', data: deleted };
    },
  );
};
