/**
 * The public iCal feeds: `GET /api/calendar/feeds/<token>.ics`, no bearer (calendar apps cannot
 * send one). The secret token is the credential; an unknown or rotated token is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { feedByToken, renderFeed } from './feeds.ts';

export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/feeds/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: 'A subscribable iCal feed (RFC 5545) by its secret token',
        security: [],
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const match = /^([A-Za-z0-9_-]{16,64})\.ics$/.exec(request.params.file);
      const feed = match ? await feedByToken(app.database.db, match[1] as string) : undefined;
      if (!feed) throw notFound('Feed');
      const body = await renderFeed(app.database.db, feed);
      reply.header('content-type', 'text/calendar; charset=utf-8');
      reply.header('cache-control', 'private, max-age=300');
      reply.header('content-disposition', 'inline; filename="calendar.ics"');
      return reply.send(body);
    },
  );
};
