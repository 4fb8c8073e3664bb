/**
 * The dev outbox: without SMTP, invites and codes stay in mail_outbox; a super admin can read
 * them here so every identity flow works on one machine. Gone when SMTP is set or in production.
 */
import { apiResponseSchema } from '@fieldhouse/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireSuperAdmin } from '../auth/policies.ts';

const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.string(),
});

export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['dev'],
        summary: 'Mail kept in the outbox (no SMTP configured); super admins only, never in production',
        querystring: z.object({
          to: z.email().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: apiResponseSchema(z.object({ result: z.array(mailSchema) })) },
      },
    },
    async (request) => {
      if (app.config.SMTP_URL || app.config.NODE_ENV === 'production') throw notFound('Route');
      requireSuperAdmin(requireAuth(request).user);
      const { to, limit } = request.query;
      const rows = await app.database.db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      return {
        statusCode: 200,
        message: 'OK',
        data: {
          result: rows.map((r) => ({
            id: r.id,
            to: r.to,
            subject: r.subject,
            text: r.text,
            kind: r.kind,
            createdAt: r.createdAt.toISOString(),
          })),
        },
      };
    },
  );
};
