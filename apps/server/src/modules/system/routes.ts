import { type WebConfig, webConfigSchema } from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { version } from '../../version.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
});

/** Liveness (/health, checks the database) and readiness (/ready, false while shutting down). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness, including a database round trip',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const database = await app.database
        .ping()
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      const body = {
        status: database === 'up' ? ('ok' as const) : ('error' as const),
        database,
        version,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.code(database === 'up' ? 200 : 503).send(body);
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: 503 once shutdown has begun',
        response: { 200: z.object({ ready: z.boolean() }), 503: z.object({ ready: z.boolean() }) },
      },
    },
    async (_request, reply) => {
      const ready = !app.lifecycle.shuttingDown;
      return reply.code(ready ? 200 : 503).send({ ready });
    },
  );
};

/** Runtime settings of the web app: one build serves the embedded pool and a real Cognito pool. */
export const webConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    { schema: { tags: ['system'], summary: 'Runtime settings for the web app', response: { 200: webConfigSchema } } },
    async (request): Promise<WebConfig> => {
      const { config } = app;
      const base = config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      return {
        appName: 'Fieldhouse',
        publicUrl: base,
        auth: {
          userPoolId: config.USER_POOL_ID,
          userPoolClientId: config.USER_POOL_CLIENT_ID,
          region: config.COGNITO_REGION ?? config.USER_POOL_ID.split('_')[0] ?? 'local',
          ...(config.IDENTITY_MODE === 'embedded' ? { userPoolEndpoint: `${base}/api/identity` } : {}),
        },
        socketPath: '/socket.io',
        ...(config.SENTRY_DSN ? { sentryDsn: config.SENTRY_DSN } : {}),
        version,
      };
    },
  );
};
