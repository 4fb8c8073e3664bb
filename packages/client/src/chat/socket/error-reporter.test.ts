import type { SocketErrorRecord } from '@fieldhouse/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  buildSentryEnvelope,
  createErrorReporter,
  DEFAULT_TELEMETRY_ENDPOINT,
  parseSentryDsn,
  randomEventId,
} from './error-reporter.ts';

const NOW = Date.UTC(2024, 0, 5, 12, 0, 0, 250);
const EVENT_ID = 'a'.repeat(32);
const DSN = 'https://abc123@o42.ingest.sentry.io/4501';

const record: SocketErrorRecord = {
  type: 'authentication',
  message: 'Unauthorized',
  code: 401,
  timestamp: NOW,
  retryable: false,
};

const fakeFetch = () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(null, { status: 200 });
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
};

/** Lets the fire-and-forget promise chains settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('parseSentryDsn', () => {
  it('derives the envelope URL from a DSN', () => {
    expect(parseSentryDsn(DSN)).toEqual({
      dsn: DSN,
      publicKey: 'abc123',
      projectId: '4501',
      envelopeUrl: 'https://o42.ingest.sentry.io/api/4501/envelope/?sentry_key=abc123&sentry_version=7',
    });
  });

  it('keeps a port, a path prefix and a plain-http self-hosted host', () => {
    expect(parseSentryDsn('http://key@localhost:9000/sentry/7')?.envelopeUrl).toBe(
      'http://localhost:9000/sentry/api/7/envelope/?sentry_key=key&sentry_version=7',
    );
  });

  it('rejects malformed DSNs', () => {
    for (const dsn of [
      '',
      'not a url',
      'https://o42.ingest.sentry.io/4501',
      'https://abc@o42.ingest.sentry.io/',
      'https://abc@o42.ingest.sentry.io/project',
      'ftp://abc@host/1',
    ]) {
      expect(parseSentryDsn(dsn), dsn).toBeNull();
    }
  });
});

describe('buildSentryEnvelope', () => {
  it('writes envelope header, item header and event on three lines', () => {
    const lines = buildSentryEnvelope(DSN, record, { attempt: 3 }, EVENT_ID, NOW).split('\n');
    expect(lines).toHaveLength(3);
    const [header, item, event] = lines.map((line) => JSON.parse(line));
    expect(header).toEqual({ event_id: EVENT_ID, sent_at: '2024-01-05T12:00:00.250Z', dsn: DSN });
    expect(item).toEqual({ type: 'event' });
    expect(event).toEqual({
      event_id: EVENT_ID,
      timestamp: NOW / 1000,
      platform: 'javascript',
      level: 'error',
      logger: 'socket',
      message: { formatted: 'Unauthorized' },
      tags: { type: 'authentication' },
      extra: { attempt: 3 },
    });
  });
});

describe('randomEventId', () => {
  it('makes 32 lowercase hex characters, fresh each time', () => {
    const id = randomEventId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(randomEventId()).not.toBe(id);
  });
});

describe('createErrorReporter', () => {
  it('posts the record to the telemetry endpoint only, without a DSN', () => {
    const { calls, fetch } = fakeFetch();
    createErrorReporter({ fetch }).report(record, { room: 'r1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(DEFAULT_TELEMETRY_ENDPOINT);
    expect(DEFAULT_TELEMETRY_ENDPOINT).toBe('/api/telemetry/socket-errors');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ ...record, context: { room: 'r1' } });
  });

  it('also sends an envelope to Sentry when a DSN is set', () => {
    const { calls, fetch } = fakeFetch();
    const reporter = createErrorReporter({
      sentryDsn: DSN,
      endpoint: '/telemetry',
      fetch,
      now: () => NOW,
      eventId: () => EVENT_ID,
    });
    reporter.report(record, { attempt: 1 });
    expect(calls.map((call) => call.url)).toEqual([
      'https://o42.ingest.sentry.io/api/4501/envelope/?sentry_key=abc123&sentry_version=7',
      '/telemetry',
    ]);
    const sentry = calls[0]?.init;
    expect(sentry).toMatchObject({ method: 'POST', keepalive: true });
    expect(sentry?.headers).toBeUndefined();
    expect(sentry?.body).toBe(buildSentryEnvelope(DSN, record, { attempt: 1 }, EVENT_ID, NOW));
  });

  it('uses a fresh event id per report by default', () => {
    const { calls, fetch } = fakeFetch();
    const reporter = createErrorReporter({ sentryDsn: DSN, fetch });
    reporter.report(record, {});
    reporter.report(record, {});
    const ids = calls
      .filter((call) => call.url.includes('/envelope/'))
      .map((call) => JSON.parse(String(call.init.body).split('\n')[0] ?? '').event_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('falls back to the endpoint alone when the DSN is invalid or empty', () => {
    for (const sentryDsn of ['nonsense', '', null]) {
      const { calls, fetch } = fakeFetch();
      createErrorReporter({ sentryDsn, fetch }).report(record, {});
      expect(calls.map((call) => call.url)).toEqual([DEFAULT_TELEMETRY_ENDPOINT]);
    }
  });

  it('never throws, rejects or logs when sending fails', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const rejecting = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch;
      const throwing = vi.fn(() => {
        throw new TypeError('bad');
      }) as unknown as typeof fetch;
      for (const fetch of [rejecting, throwing]) {
        expect(() => createErrorReporter({ sentryDsn: DSN, fetch }).report(record, {})).not.toThrow();
        expect(fetch).toHaveBeenCalledTimes(2);
      }
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const { calls, fetch } = fakeFetch();
      expect(() => createErrorReporter({ sentryDsn: DSN, fetch }).report(record, circular)).not.toThrow();
      expect(calls).toHaveLength(0);
      await settle();
      expect(unhandled).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      consoleError.mockRestore();
    }
  });

  it('uses the global fetch by default', () => {
    const { calls, fetch } = fakeFetch();
    vi.stubGlobal('fetch', fetch);
    try {
      createErrorReporter().report(record, {});
      expect(calls.map((call) => call.url)).toEqual([DEFAULT_TELEMETRY_ENDPOINT]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
