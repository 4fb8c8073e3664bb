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

const readySchema = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
  /** 'none' when the node runs without REDIS_URL. */
  redis: z.enum(['up', 'down', 'none']),
  shuttingDown: z.boolean(),
});

/** A readiness probe must answer quickly even when a dependency hangs. */
const CHECK_TIMEOUT_MS = 1_500;
const check = (work: () => Promise<unknown>) => {
  const timeout = new Promise<never>((_, reject) => setTimeout(reject, CHECK_TIMEOUT_MS).unref());
  return Promise.race([work(), timeout]).then(
    () => 'up' as const,
    () => 'down' as const,
  );
};

/**
 * Liveness (/health, checks the database) and readiness (/ready: the database and Redis answer,
 * and shutdown has not begun), so a load balancer stops sending work to a node that cannot do it.
 */
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
        summary: 'Readiness: 503 while the database or Redis is unreachable, and once shutdown has begun',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const { redis } = app;
      const [database, redisState] = await Promise.all([
        check(() => app.database.ping()),
        // A client that lost its connection queues commands until it is back: ask only a ready one.
        redis ? (redis.isReady ? check(() => redis.ping()) : ('down' as const)) : ('none' as const),
      ]);
      const shuttingDown = app.lifecycle.shuttingDown;
      const ready = !shuttingDown && database === 'up' && redisState !== 'down';
      return reply.code(ready ? 200 : 503).send({ ready, database, redis: redisState, shuttingDown });
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
          ...(config.IDENTITY_MODE === 'embedded'
            ? { userPoolEndpoint: `${base}/api/identity` }
            : config.COGNITO_ENDPOINT
              ? { userPoolEndpoint: config.COGNITO_ENDPOINT }
              : {}),
        },
        socketPath: '/socket.io',
        ...(config.SENTRY_DSN ? { sentryDsn: config.SENTRY_DSN } : {}),
        version,
      };
    },
  );
};
