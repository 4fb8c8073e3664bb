/**
 * Builds the Fastify instance with everything on one port: REST under /api, the identity
 * endpoint, Socket.IO, /health and /ready, OpenAPI docs and the SPA. Tests import this;
 * server.ts listens and handles signals.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerSpa } from './http/spa.ts';
import { registerIdentityEndpoint } from './identity/routes.ts';
import { createIdentity, type Identity } from './identity/setup.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authenticateToken, registerAuthentication } from './modules/auth/authenticate.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { calendarFeedRoutes } from './modules/calendar/feed-routes.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { createFileStore } from './modules/chat/file-store.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { UploadStore } from './modules/chat/uploads.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { devOutboxRoutes } from './modules/dev/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { healthRoutes, webConfigRoutes } from './modules/system/routes.ts';
import { catalogRoutes } from './modules/teams/catalog-routes.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import { sportRoutes } from './modules/teams/sport-routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import { SocketErrorLog } from './modules/telemetry/socket-error-log.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createRateLimiters } from './rate-limit/create.ts';
import { connectionHandler } from './realtime/connection.ts';
import { disconnectRevokedSessions } from './realtime/revoked-sessions.ts';
import { createSocketServer, type SocketServer } from './realtime/socket-server.ts';
import { openRedis } from './redis.ts';
import './types.ts';
import { version } from './version.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Built by the caller when it needs identity before the app (start-up seeding). */
  identity?: Identity;
};

/** A hop count trusts that many proxies in front of us (Fastify's number form, typed). */
const trustProxyOption = (value: Config['TRUST_PROXY']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

export async function buildApp({ config, database, logger, identity: given }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    // Only a configured proxy may say who the client is: a forged X-Forwarded-For must not
    // give an attacker a fresh rate-limit window (TRUST_PROXY, off by default).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    // Our ids are numbers and uuids; keep route matching strict and predictable.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (OpenAPI) and tests parse answers with them; at run time
  // presenters shape every answer, so serializing skips re-validating it (a 2× cost on lists).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('lifecycle', { shuttingDown: false });
  app.decorate('socketErrors', new SocketErrorLog());
  const redis = config.REDIS_URL ? await openRedis(config.REDIS_URL, app.log) : undefined;
  app.decorate('redis', redis);
  app.decorate('rateLimits', createRateLimiters(redis, app.log, `${config.REDIS_PREFIX}:rl:`));
  app.addHook('onClose', async () => {
    if (redis?.isOpen) await redis.quit();
  });
  const identity = given ?? (await createIdentity(config, database, app.log, app.rateLimits));
  app.decorate('identity', identity);
  registerErrorHandling(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Fieldhouse API', version, description: 'REST API of Fieldhouse. SPEC §7 paths live under /api.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (Cognito id token)' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes);
  registerAuthentication(app);
  await app.register(
    async (api) => {
      await api.register(webConfigRoutes);
      await api.register(authRoutes);
      await api.register(devOutboxRoutes);
      await api.register(userRoutes);
      await api.register(teamRoutes);
      await api.register(catalogRoutes);
      await api.register(sportRoutes);
      await api.register(auditRoutes);
      await api.register(adminRoutes);
      await api.register(organizationRoutes);
      await api.register(chatRoutes);
      await api.register(calendarRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(telemetryRoutes);
      await api.register(dashboardRoutes);
      await api.register(reportRoutes);
    },
    { prefix: '/api' },
  );
  await registerIdentityEndpoint(app, identity, config.IDENTITY_RATE_LIMIT);
  await registerSpa(app, config.WEB_DIST_DIR);

  const files = createFileStore(config);
  app.addHook('onClose', async () => files.close());
  const uploads = new UploadStore(database.db, config.DATA_DIR, config.UPLOAD_TIMEOUT_MS, files);
  await uploads.init();
  app.decorate('uploads', uploads);
  const sockets: SocketServer = await createSocketServer(app.server, {
    redisUrl: config.REDIS_URL,
    redisStream: `${config.REDIS_PREFIX}:socket.io`,
    corsOrigins: config.CORS_ORIGINS,
    log: app.log,
    authenticate: (token) => authenticateToken(identity, database.db, token),
  });
  sockets.io.on(
    'connection',
    connectionHandler({ io: sockets.io, db: database.db, uploads, log: app.log, track: sockets.track }),
  );
  app.decorate('io', sockets.io);
  identity.onSessionsRevoked(disconnectRevokedSessions(sockets.io, database.db));
  // Mail handed to SMTP finishes before the database closes.
  app.addHook('onClose', async () => identity.embedded?.mailer.drain());
  app.addHook('preClose', async () => {
    app.lifecycle.shuttingDown = true;
    // Open websockets would hold the HTTP server open; tell clients to reconnect elsewhere.
    sockets.io.disconnectSockets(true);
    // A handshake still authenticating is not a socket yet and would escape; close its connection too.
    sockets.io.engine.close();
  });
  // A request already running when shutdown begins would leave its keep-alive connection open
  // (up to 72 s) after the answer; tell the client to close it.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.shuttingDown) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await sockets.close();
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
