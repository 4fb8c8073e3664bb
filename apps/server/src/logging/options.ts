/**
 * How the server logs: JSON lines (production, files, log shippers) or readable lines in a
 * terminal; request lines with secrets redacted; request ids that are unique across nodes.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';
import { prettyStream } from './pretty.ts';
import { redactUrl } from './redact.ts';

export type LoggerOverrides = { level?: string; stream?: DestinationStream };

/** Pretty only for a person at a terminal; LOG_FORMAT overrides the guess. */
export function wantsPretty(config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>, isTTY = Boolean(process.stdout.isTTY)) {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT === 'pretty';
  return isTTY && config.NODE_ENV !== 'production';
}

/** Fastify's request serializer, with the URL redacted. */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};

/** The logger options buildApp gives Fastify; `overrides` (tests, benches) replace level and destination. */
export function loggerOptions(config: Config, overrides: LoggerOverrides = {}) {
  const stream = overrides.stream ?? (wantsPretty(config) ? prettyStream() : undefined);
  return { level: overrides.level ?? config.LOG_LEVEL, serializers, ...(stream ? { stream } : {}) };
}

/** A proxy's or client's id when it is a sane token, so one request can be followed across hops. */
const WELL_FORMED_ID = /^[A-Za-z0-9][\w.:@+=-]{0,127}$/;

/** Request ids: the caller's X-Request-Id when well formed, else a random UUID (unique across nodes). */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : randomUUID();
}
