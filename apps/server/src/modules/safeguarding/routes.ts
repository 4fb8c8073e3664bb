import { apiResponseSchema, safeguardingContactsInputSchema, safeguardingSettingsSchema } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTransaction } from '../../db/transaction.ts';
import { requireAdminTab } from '../admin/policies.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { resolveOrganization } from '../auth/policies.ts';
import { safeguardingSettings, setContacts } from './contacts.ts';

const organizationQuery = z.object({ organizationId: z.coerce.number().int().positive().optional() });
const settingsResponse = apiResponseSchema(safeguardingSettingsSchema);

/** The organization's safeguarding settings (decision 018): the director and the super admin. */
export const safeguardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['safeguarding'];
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/safeguarding',
    {
      schema: {
        tags,
        summary: 'Safeguarding contacts, who stands in for them, and the conversations a second adult observes',
        querystring: organizationQuery,
        response: { 200: settingsResponse },
      },
    },
    async (request) => {
      const actor = requireAdminTab(requireAuth(request).user, 'safeguarding');
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      return {
        statusCode: 200,
        message: 'OK',
        data: await safeguardingSettings(app.database.db, organizationId, actor),
      };
    },
  );

  app.put(
    '/safeguarding/contacts',
    {
      schema: {
        tags,
        summary:
          'Name the safeguarding contacts (replaces the list; an empty list leaves it to the athletic directors)',
        querystring: organizationQuery,
        body: safeguardingContactsInputSchema,
        response: { 200: settingsResponse },
      },
    },
    async (request) => {
      const actor = requireAdminTab(requireAuth(request).user, 'safeguarding');
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      await inTransaction(app.database.db, async (tx, afterCommit) => {
        const reconciled = await setContacts(tx, organizationId, actor, request.body.userIds);
        afterCommit(() => reconciled.emit(app.io));
      });
      return {
        statusCode: 200,
        message: 'Safeguarding contacts saved',
        data: await safeguardingSettings(app.database.db, organizationId, actor),
      };
    },
  );
};
