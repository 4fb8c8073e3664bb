/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * history fallback (any GET outside the API, identity and socket paths gets index.html).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io') || url.startsWith('/api?');

export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const root = resolve(distDir ?? defaultWebDistDir);
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      setHeaders(res, path) {
        const immutable = path.includes(`${join(root, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url);
    if (!wantsPage) {
      return reply
        .code(404)
        .send({ statusCode: 404, message: `Route ${request.method} ${url.split('?')[0]} not found` });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The Fieldhouse web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
