/**
 * Sends socket errors to our telemetry endpoint and, when a DSN is configured, to Sentry's
 * envelope endpoint over plain fetch (no SDK dependency). Reporting is best-effort: it never
 * throws, rejects or logs.
 */
import type { SocketErrorRecord } from '@fieldhouse/shared';

export interface ErrorReporter {
  report(record: SocketErrorRecord, context: Record<string, unknown>): void;
}

export interface ErrorReporterOptions {
  sentryDsn?: string | null;
  /** Defaults to DEFAULT_TELEMETRY_ENDPOINT. */
  endpoint?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** 32 lowercase hex characters; injectable for tests. */
  eventId?: () => string;
}

export const DEFAULT_TELEMETRY_ENDPOINT = '/api/telemetry/socket-errors';

export interface SentryDsn {
  dsn: string;
  publicKey: string;
  projectId: string;
  envelopeUrl: string;
}

/** `https://<publicKey>@<host>[/<path>]/<projectId>` → the envelope URL, or null when malformed. */
export function parseSentryDsn(dsn: string): SentryDsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  const publicKey = decodeURIComponent(url.username);
  if (!publicKey || !projectId || !/^\d+$/.test(projectId)) return null;
  const prefix = segments.length > 0 ? `/${segments.join('/')}` : '';
  const query = new URLSearchParams({ sentry_key: publicKey, sentry_version: '7' });
  return {
    dsn,
    publicKey,
    projectId,
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/?${query}`,
  };
}

export function randomEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A one-event envelope: envelope header, item header, event payload, newline-separated. */
export function buildSentryEnvelope(
  dsn: string,
  record: SocketErrorRecord,
  context: Record<string, unknown>,
  eventId: string,
  nowMs: number,
): string {
  const header = { event_id: eventId, sent_at: new Date(nowMs).toISOString(), dsn };
  const event = {
    event_id: eventId,
    timestamp: nowMs / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'socket',
    message: { formatted: record.message },
    tags: { type: record.type },
    extra: context,
  };
  return [JSON.stringify(header), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

/** Fire and forget: synchronous throws and rejections alike are dropped. */
function send(fetchImpl: typeof fetch, url: string, init: () => RequestInit): void {
  try {
    void fetchImpl(url, init()).catch(() => undefined);
  } catch {
    // Best-effort by design (file header).
  }
}

export function createErrorReporter(options: ErrorReporterOptions = {}): ErrorReporter {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const endpoint = options.endpoint ?? DEFAULT_TELEMETRY_ENDPOINT;
  const now = options.now ?? Date.now;
  const eventId = options.eventId ?? randomEventId;
  const sentry = options.sentryDsn ? parseSentryDsn(options.sentryDsn) : null;

  return {
    report(record, context) {
      if (sentry) {
        // No Content-Type header: a text/plain body keeps it a simple CORS request, as Sentry's SDK does.
        send(fetchImpl, sentry.envelopeUrl, () => ({
          method: 'POST',
          body: buildSentryEnvelope(sentry.dsn, record, context, eventId(), now()),
          keepalive: true,
        }));
      }
      send(fetchImpl, endpoint, () => ({
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...record, context }),
        keepalive: true,
      }));
    },
  };
}
