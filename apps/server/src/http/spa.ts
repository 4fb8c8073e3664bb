/**
 * Serves the built web apps: the admin app at / and the member app at /m/ (decision 021), each
 * with hashed assets cached for a year, the page never cached, and
 * history fallback (any GET outside the API, identity and socket paths gets the page).
 * The build's .br/.gz copies are sent as they are when the browser accepts them; source maps
 * stay on disk for error reporting and are never served (decision 014). The page itself is
 * index.html with a fresh CSP nonce in place of the build's placeholder, compressed per response.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverDir } from '../paths.ts';
import { errorBody } from './error-handler.ts';
import { appShellHeaders, createNonce, SERVICE_WORKER_POLICY } from './security-headers.ts';

export const defaultWebDistDir = join(serverDir, '../web/dist');
export const defaultMemberDistDir = join(serverDir, '../member/dist');

/** The member app's base path: its vite `base` and its router's basepath (apps/member). */
export const MEMBER_BASE = '/m/';

/** /m, /m/… and /m?…: the member app's pages and files. */
const isMemberPath = (url: string) => url === '/m' || url.startsWith('/m/') || url.startsWith('/m?');

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io') || url.startsWith('/api?');

/** A missing asset or a source map is a 404: index.html in its place would be parsed as script. */
const isFileRequest = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/assets/') || path.startsWith(`${MEMBER_BASE}assets/`) || path.endsWith('.map');
};

/** What apps/web/vite.config.ts sets as `html.cspNonce`: every nonce attribute of the build. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** index.html, read again only when a new build replaced it. */
function pageTemplate(file: string) {
  let cached: { mtimeMs: number; parts: string[] } | undefined;
  return () => {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, parts: readFileSync(file, 'utf8').split(CSP_NONCE_PLACEHOLDER) };
    return cached.parts;
  };
}

/** Brotli, else gzip, else as is; the page is a couple of KB, so this costs microseconds. */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

type Spa = { root: string; hasBuild: boolean; page: () => string[] };

/** One app's build: its files under `prefix` (hashed assets immutable), its page for the fallback. */
async function serveBuild(app: FastifyInstance, distDir: string, prefix: string, decorateReply: boolean): Promise<Spa> {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      prefix,
      // @fastify/static decorates the reply once; the second build registered must not again.
      decorateReply,
      wildcard: true,
      // The page always goes through the fallback below, which gives it its nonce.
      index: false,
      preCompressed: true,
      // Folders (/, /teams/) and index.html are the page; maps stay private.
      allowedPath: (path) => !path.endsWith('/') && !path.endsWith('.map') && path !== '/index.html',
      setHeaders(res, path) {
        const immutable = path.startsWith(join(root, 'assets'));
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // `path` is the file sent: the worker's .br or .gz copy as often as the script itself.
        if (/^sw\.js(\.br|\.gz)?$/.test(relative(root, path)))
          res.header('content-security-policy', SERVICE_WORKER_POLICY);
      },
    });
  }
  return { root, hasBuild, page: pageTemplate(indexFile) };
}

export async function registerSpa(app: FastifyInstance, distDir: string | undefined, memberDistDir?: string) {
  const web = await serveBuild(app, distDir ?? defaultWebDistDir, '/', true);
  const member = await serveBuild(app, memberDistDir ?? defaultMemberDistDir, MEMBER_BASE, !web.hasBuild);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url) && !isFileRequest(url);
    if (!wantsPage) {
      return reply
        .code(404)
        .send(errorBody(404, `Route ${request.method} ${url.split('?')[0]} not found`, 'route_not_found'));
    }
    const spa = isMemberPath(url) ? member : web;
    if (!spa.hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send(
          `The Fieldhouse ${spa === member ? 'member' : 'web'} app is not built yet. Run \`npm run build\` (npm start does it for you).`,
        );
    }
    const nonce = createNonce();
    reply.headers(appShellHeaders(app.config, nonce)).header('cache-control', 'no-cache');
    return sendCompressed(request, reply, spa.page().join(nonce));
  });
}
