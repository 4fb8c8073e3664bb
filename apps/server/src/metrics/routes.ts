/**
 * Where Prometheus scrapes: GET /metrics on the main port with `Authorization: Bearer
 * <METRICS_TOKEN>`, and/or a second, internal port (METRICS_PORT) that serves only /metrics.
 * Without a token the main port's /metrics is a 404 like any unknown route; a wrong token is a
 * 401. Latency is observed per route pattern (/api/user/:id), never per raw URL.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/error-handler.ts';
import type { Metrics } from './metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests so the time taken says nothing about how much of the token was right. */
function tokenMatches(header: string | undefined, token: string) {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** The label of a request: its route pattern; the SPA's page and unknown paths have none. */
function routeLabel(pattern: string | undefined, statusCode: number) {
  if (pattern) return pattern;
  return statusCode === 404 ? '(unmatched)' : '(page)';
}

export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: routeLabel(request.routeOptions.url, reply.statusCode),
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) {
      return reply.code(404).send(errorBody(404, 'Route GET /metrics not found', 'route_not_found'));
    }
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody(401, 'Unauthorized', 'unauthorized'));
    }
    return reply
      .type(metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}

/** The internal metrics port: /metrics without a token, everything else 404. Closed with the app. */
export async function listenForMetrics(app: FastifyInstance, metrics: Metrics, port: number, host: string) {
  const server = createServer((request, response) => {
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    };
    if (request.method === 'GET' && request.url?.split('?')[0] === '/metrics') {
      metrics.text().then(
        (text) => send(200, metrics.contentType, text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics collection failed');
          send(500, 'application/json', JSON.stringify(errorBody(500, 'Internal server error', 'internal')));
        },
      );
      return;
    }
    const path = (request.url ?? '/').split('?')[0];
    send(
      404,
      'application/json',
      JSON.stringify(errorBody(404, `Route ${request.method} ${path} not found`, 'route_not_found')),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}
