/**
 * Builds the Fastify instance with everything on one port: REST under /api, the identity
 * endpoint, Socket.IO, /health and /ready, OpenAPI docs and the SPA. Tests import this;
 * server.ts listens and handles signals.
 */
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { apiHeaders } from './http/api-headers.ts';
import { cspReportRoutes } from './http/csp-report.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { API_DOCS_POLICY, registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { strictSchemas } from './http/strict-schemas.ts';
import { registerIdentityEndpoint } from './identity/routes.ts';
import { createIdentity, type Identity } from './identity/setup.ts';
import { type LoggerOverrides, loggerOptions, requestId } from './logging/options.ts';
import { QuietRequestLogs, registerRequestLogging } from './logging/request-log.ts';
import { createMetrics } from './metrics/metrics.ts';
import { registerMetrics } from './metrics/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { announcementRoutes } from './modules/announcements/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authenticateToken, registerAuthentication } from './modules/auth/authenticate.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { availabilityRoutes } from './modules/availability/routes.ts';
import { startBroadcastJob } from './modules/broadcasts/job.ts';
import { broadcastRoutes } from './modules/broadcasts/routes.ts';
import { broadcastTemplateRoutes } from './modules/broadcasts/template-routes.ts';
import { calendarFeedRoutes } from './modules/calendar/feed-routes.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { createFileStore } from './modules/chat/file-store.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { startUnsentUploadSweep } from './modules/chat/unsent-sweep-job.ts';
import { UPLOAD_STARTS_PER_MINUTE, UploadStore } from './modules/chat/uploads.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { deliveryRoutes } from './modules/delivery/routes.ts';
import { createDelivery } from './modules/delivery/setup.ts';
import { unsubscribeRoutes } from './modules/delivery/unsubscribe-routes.ts';
import { devOutboxRoutes } from './modules/dev/routes.ts';
import { facilityRoutes } from './modules/facilities/routes.ts';
import { memberRoutes } from './modules/member/routes.ts';
import { messageControlRoutes } from './modules/message-controls/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { startCountFoldJob } from './modules/reports/fold-job.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { onTiesChanged } from './modules/safeguarding/reconcile.ts';
import { safeguardingRoutes } from './modules/safeguarding/routes.ts';
import { setupRoutes } from './modules/setup/routes.ts';
import { healthRoutes, webConfigRoutes } from './modules/system/routes.ts';
import { catalogRoutes } from './modules/teams/catalog-routes.ts';
import { rosterRoutes } from './modules/teams/roster-routes.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import { sportRoutes } from './modules/teams/sport-routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import { SocketErrorLog } from './modules/telemetry/socket-error-log.ts';
import { peopleRoutes } from './modules/users/people-routes.ts';
import { rosterImportRoutes } from './modules/users/roster-import-routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createRateLimiters } from './rate-limit/create.ts';
import { connectionHandler } from './realtime/connection.ts';
import { freshUsers } from './realtime/fresh-users.ts';
import { disconnectRevokedSessions } from './realtime/revoked-sessions.ts';
import { createSocketServer, type SocketServer } from './realtime/socket-server.ts';
import { openRedis } from './redis.ts';
import './types.ts';
import { version } from './version.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Level and destination instead of the configured ones (tests capture lines); false: no logs. */
  logger?: LoggerOverrides | false;
  /** Built by the caller when it needs identity before the app (start-up seeding). */
  identity?: Identity;
};

/** A hop count trusts that many proxies in front of us (Fastify's number form, typed). */
const trustProxyOption = (value: Config['TRUST_PROXY']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

export async function buildApp({ config, database, logger, identity: given }: AppOptions) {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config, logger),
    // Ids unique across nodes (a proxy's X-Request-Id when it sends one); one line per request
    // from logging/request-log.ts instead of Fastify's two, and none for assets and probes.
    genReqId: requestId,
    logController: new QuietRequestLogs(),
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
  // Before swagger, so the OpenAPI document shows the strict schemas.
  app.addHook('onRoute', strictSchemas);
  registerRequestLogging(app);
  await registerSecurityHeaders(app, config);
  let io: SocketServer['io'] | undefined;
  const metrics = createMetrics({ database, sockets: () => io?.of('/').sockets.size ?? 0 });
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, config.METRICS_TOKEN);

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
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: API_DOCS_POLICY,
    // Twenty tags and well over a hundred operations: tags start folded, with a filter box.
    // Unfolded, Swagger UI 5 stopped drawing a list this long part-way, without an error.
    uiConfig: { docExpansion: 'none', filter: true },
  });

  await app.register(healthRoutes);
  registerAuthentication(app);
  await app.register(
    async (api) => {
      // API answers above 1 KB go out brotli/gzip (quality 4: cheap per request); the SPA's
      // files are compressed once at build time instead (decision 014).
      await api.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
      api.addHook('onSend', apiHeaders);
      await api.register(webConfigRoutes);
      await api.register(cspReportRoutes);
      await api.register(authRoutes);
      await api.register(devOutboxRoutes);
      await api.register(userRoutes);
      await api.register(rosterImportRoutes);
      await api.register(peopleRoutes);
      await api.register(teamRoutes);
      await api.register(rosterRoutes);
      await api.register(catalogRoutes);
      await api.register(sportRoutes);
      await api.register(auditRoutes);
      await api.register(adminRoutes);
      await api.register(organizationRoutes);
      await api.register(setupRoutes);
      await api.register(chatRoutes);
      await api.register(messageControlRoutes);
      await api.register(calendarRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(facilityRoutes);
      await api.register(availabilityRoutes);
      await api.register(memberRoutes);
      await api.register(contactRoutes);
      await api.register(announcementRoutes);
      await api.register(broadcastRoutes);
      await api.register(broadcastTemplateRoutes);
      await api.register(telemetryRoutes);
      await api.register(dashboardRoutes);
      await api.register(reportRoutes);
      await api.register(safeguardingRoutes);
      await api.register(deliveryRoutes);
      await api.register(unsubscribeRoutes);
    },
    { prefix: '/api' },
  );
  await registerIdentityEndpoint(app, identity, config.IDENTITY_RATE_LIMIT);
  await registerSpa(app, config.WEB_DIST_DIR, config.MEMBER_DIST_DIR);

  const files = await createFileStore(config);
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
    countDelivery: (outcome) => metrics.deliveries.inc({ outcome }),
  });
  sockets.io.on(
    'connection',
    connectionHandler({
      io: sockets.io,
      db: database.db,
      uploads,
      uploadStarts: app.rateLimits.create('upload-starts', UPLOAD_STARTS_PER_MINUTE),
      log: app.log,
      track: sockets.track,
      delivered: sockets.delivered,
      countMessage: (type) => metrics.chatMessages.inc({ type }),
    }),
  );
  io = sockets.io;
  app.decorate('io', sockets.io);
  app.decorate('freshUsers', freshUsers(sockets.io, database.db, { clustered: sockets.clustered, log: app.log }));
  onTiesChanged(sockets.io, (userIds) => app.freshUsers.changed(userIds));
  app.decorate('delivery', await createDelivery(app, sockets.io, sockets.track));
  app.decorate('broadcasts', startBroadcastJob(app));
  startCountFoldJob(app);
  startUnsentUploadSweep(app);
  identity.onSessionsRevoked(disconnectRevokedSessions(sockets.io, database.db));
  // Mail handed to SMTP finishes before the database closes.
  app.addHook('onClose', async () => identity.embedded?.mailer.drain());
  app.addHook('preClose', async () => {
    app.lifecycle.shuttingDown = true;
    // Open websockets would hold the HTTP server open; tell clients to reconnect elsewhere.
    // This node's only: without `local` the adapter would close every node's sockets too.
    sockets.io.local.disconnectSockets(true);
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
