import { auditEntrySchema, auditQuerySchema, pagedResponseSchema, paginationInfo, toCsvLine } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors.ts';
import { startedStream } from '../../http/started-stream.ts';
import { requireAdminTab } from '../admin/policies.ts';
import { type AppUser, requireAuth } from '../auth/authenticate.ts';
import { resolveOrganization } from '../auth/policies.ts';
import { AUDIT_EXPORT_MAX, auditRows, countAudit, listAudit } from './list.ts';

/** A SUPER_ADMIN reads one organization (organizationId) or all; a director only their own. */
const scope = (actor: AppUser, requested: number | undefined) =>
  actor.role === 'SUPER_ADMIN' ? (requested ?? null) : resolveOrganization(actor, requested);

const CSV_HEADER = [
  'createdAt',
  'actor',
  'actorRole',
  'action',
  'entityType',
  'entityId',
  'summary',
  'reason',
  'before',
  'after',
];

/** The audit log (decision 012): who changed what, when, with before/after. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'Paged audit log, newest first (SUPER_ADMIN; ATHLETIC_DIRECTOR for their organization)',
        querystring: auditQuerySchema,
        response: { 200: pagedResponseSchema(auditEntrySchema) },
      },
    },
    async (request) => {
      const actor = requireAdminTab(requireAuth(request).user, 'audit');
      const { result, totalCount } = await listAudit(
        app.database.db,
        scope(actor, request.query.organizationId),
        request.query,
      );
      return {
        statusCode: 200,
        message: 'OK',
        data: { result, paginationInfo: paginationInfo(request.query.page, request.query.limit, totalCount) },
      };
    },
  );

  app.get(
    '/audit.csv',
    {
      schema: { tags, summary: 'The filtered audit log as CSV (every page)', querystring: auditQuerySchema },
    },
    async (request, reply) => {
      const actor = requireAdminTab(requireAuth(request).user, 'audit');
      const organizationId = scope(actor, request.query.organizationId);
      const db = app.database.db;
      // An auditor reads a missing entry as "it never happened": a file cut at the cap would say
      // that quietly, so a larger export is refused up front with the way to narrow it.
      const total = await countAudit(db, organizationId, request.query);
      if (total > AUDIT_EXPORT_MAX) {
        throw badRequest(
          `The export would hold ${total.toLocaleString('en-US')} entries, more than ${AUDIT_EXPORT_MAX.toLocaleString('en-US')}: narrow the dates (from, to) or filter by action, type or person`,
          'export_too_large',
        );
      }
      async function* csv() {
        yield `${toCsvLine(CSV_HEADER)}\r\n`;
        // Room for entries written between the count and the first page; later ones are newer
        // than the first page, so the keyset never reads them.
        for await (const e of auditRows(db, organizationId, request.query, total + 1_000)) {
          yield `${toCsvLine([
            e.createdAt,
            e.actor ? [e.actor.firstName, e.actor.lastName].filter(Boolean).join(' ') : '',
            e.actor?.role ?? '',
            e.action,
            e.entity.type,
            e.entity.id,
            e.summary,
            e.reason,
            e.before === null ? '' : JSON.stringify(e.before),
            e.after === null ? '' : JSON.stringify(e.after),
          ])}\r\n`;
        }
      }
      const body = await startedStream(csv());
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`);
      return reply.send(body);
    },
  );
};
