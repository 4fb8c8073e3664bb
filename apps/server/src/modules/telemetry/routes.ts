import { socketErrorRecordSchema } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { authenticateToken, bearerToken } from '../auth/authenticate.ts';

/**
 * Where browsers report socket errors (SPEC §8: authentication errors, or once more than ten
 * are in their history). A reporter may have lost its session, so a token is optional.
 */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anyone may report, so nobody may flood the log: 30 reports a minute per address.
  const limiter = app.rateLimits.create('telemetry', 30);
  app.post(
    '/telemetry/socket-errors',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['system'],
        summary: 'Report a socket error seen by a browser',
        security: [],
        body: socketErrorRecordSchema.extend({
          message: z.string().max(500),
          context: z.record(z.string().max(60), z.unknown()).optional(),
        }),
        response: { 202: z.object({ statusCode: z.number(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      if (!(await limiter.hit(request.ip)).allowed)
        throw new HttpError(429, 'Too many reports; try again in a minute', 'rate_limited');
      const userId = await authenticateToken(app.identity, app.database.db, bearerToken(request.headers.authorization))
        .then((auth) => auth.user.id)
        .catch(() => null);
      const { context, ...record } = request.body;
      app.socketErrors.add({ ...record, userId, receivedAt: Date.now() });
      request.log.warn({ socketError: record, userId, context }, 'browser reported a socket error');
      return reply.code(202).send({ statusCode: 202, message: 'Accepted' });
    },
  );
};
