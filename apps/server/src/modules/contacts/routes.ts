/**
 * `GET /api/me/contacts` (decision 026): every role, the caller's own school only. Members get
 * the people the contact policy lets them reach; administrators their school's people.
 */
import { memberContactSchema, memberListQuerySchema, pagedResponseSchema, paginationInfo } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../errors.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { listContacts } from './list.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/me/contacts',
    {
      schema: {
        tags: ['member'],
        summary: 'The people I may start a direct conversation with (search with q), paged',
        querystring: memberListQuerySchema,
        response: { 200: pagedResponseSchema(memberContactSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if (user.status !== 'ACTIVE') throw forbidden('Your account is not active', 'account_inactive');
      const { q, search, page, limit } = request.query;
      const { result, totalCount } = await listContacts(app.database.db, user, q || search, page, limit);
      return {
        statusCode: 200,
        message: 'OK',
        data: { result, paginationInfo: paginationInfo(page, limit, totalCount) },
      };
    },
  );
};
