/**
 * One log line per request that a person would want to read, and the request id on every answer.
 * Fastify's own pair of lines per request is off: it would log every asset and probe.
 */
import { type FastifyInstance, LogController } from 'fastify';

/** Fastify's logging without its "incoming request" / "request completed" lines (app.ts). */
export class QuietRequestLogs extends LogController {
  override incomingRequest() {}
  override requestCompleted() {}
}

/** The SPA's files, swagger's files, health probes and metrics scrapes: many, regular and dull. */
export function isQuietRequest(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (path === '/health' || path === '/ready' || path === '/metrics') return true;
  if (path.startsWith('/assets/') || path.startsWith('/api/docs/static/')) return true;
  // A file at the root of the build (favicon.svg, robots.txt); pages and API paths have no extension.
  return !path.startsWith('/api/') && /\.[a-z0-9]{2,12}$/i.test(path);
}

export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    // Returned on every answer, errors included, so a user's report can be matched to the logs.
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (isQuietRequest(request.url)) return;
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}
