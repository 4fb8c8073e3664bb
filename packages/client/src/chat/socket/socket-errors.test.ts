import { SOCKET_ERRORS, type SocketErrorRecord } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import {
  classifySocketError,
  connectionMessageByCode,
  SOCKET_TEXTS,
  SocketErrorHistory,
  socketErrorToast,
} from './socket-errors.ts';

const NOW = 1_700_000_000_000;

/** The shape socket.io-client gives `connect_error` for a failed transport. */
const transportError = (message: string, description?: unknown) =>
  Object.assign(new Error(message), { type: 'TransportError', description, context: {} });

const withCode = (message: string, code: string | number) => Object.assign(new Error(message), { code });

const record = (overrides: Partial<SocketErrorRecord> = {}): SocketErrorRecord => ({
  type: 'connection',
  message: 'boom',
  code: null,
  timestamp: NOW,
  retryable: true,
  ...overrides,
});

describe('classifySocketError', () => {
  it('classifies the handshake refusals and auth wording as authentication, not retryable', () => {
    for (const error of [
      new Error('Unauthorized'),
      new Error('Forbidden'),
      new Error('FORBIDDEN'),
      new Error('jwt expired'),
      new Error('Invalid token'),
      new Error('Authentication error'),
      new Error('auth failed'),
      'unauthorised',
      withCode('', 401),
      withCode('nope', 403),
      withCode('nope', '401'),
      { message: 'nope', status: 403 },
      { message: 'nope', data: { code: 401 } },
      { code: 'AUTH_REQUIRED' },
    ]) {
      const result = classifySocketError(error, NOW);
      expect(result, String(error)).toMatchObject({ type: 'authentication', retryable: false });
    }
  });

  it('keeps the message, code and timestamp', () => {
    expect(classifySocketError(new Error('Unauthorized'), NOW)).toEqual({
      type: 'authentication',
      message: 'Unauthorized',
      code: null,
      timestamp: NOW,
      retryable: false,
    });
    expect(classifySocketError(withCode('Forbidden', 403), NOW).code).toBe(403);
  });

  it('defaults the timestamp to now', () => {
    const before = Date.now();
    const { timestamp } = classifySocketError(new Error('x'));
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('classifies a refused connection with its fixed message', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:3000', 'ECONNREFUSED'),
      { code: 'econnrefused' },
      new Error('Connection refused'),
      transportError('websocket error', new Error('connect ECONNREFUSED ::1:3000')),
    ]) {
      expect(classifySocketError(error, NOW)).toMatchObject({
        type: 'connection',
        message: 'Connection refused by server',
        retryable: true,
      });
    }
  });

  it('classifies timeouts as retryable timeout', () => {
    for (const error of [
      new Error('timeout'),
      new Error('Connection Timed Out'),
      withCode('connect ETIMEDOUT', 'ETIMEDOUT'),
      'ping timeout',
    ]) {
      expect(classifySocketError(error, NOW), String(error)).toMatchObject({ type: 'timeout', retryable: true });
    }
    expect(classifySocketError(new Error('timeout'), NOW).message).toBe('timeout');
  });

  it('classifies codes of 500 and above and server-error wording as retryable server', () => {
    for (const error of [
      withCode('boom', 500),
      withCode('boom', 503),
      withCode('boom', '502'),
      { message: 'boom', statusCode: 504 },
      new Error('Internal server error'),
      new Error('Server Error'),
      transportError('xhr poll error', 502),
    ]) {
      expect(classifySocketError(error, NOW), String(error)).toMatchObject({ type: 'server', retryable: true });
    }
    expect(classifySocketError(withCode('boom', 499), NOW).type).toBe('connection');
  });

  it('classifies network and transport failures as retryable network', () => {
    for (const error of [
      transportError('xhr poll error', 0),
      transportError('websocket error', { type: 'error' }),
      transportError('something new'),
      new Error('Network Error'),
      new Error('You are offline'),
      'transport error',
      'transport close',
      withCode('', 'ENETUNREACH'),
      withCode('getaddrinfo EAI_AGAIN', 'EAI_AGAIN'),
    ]) {
      expect(classifySocketError(error, NOW), String(error)).toMatchObject({ type: 'network', retryable: true });
    }
    expect(classifySocketError(transportError('xhr poll error', 0), NOW).code).toBeNull();
  });

  it('treats an offline browser as network, except for authentication', () => {
    const offline = { online: false };
    for (const error of [new Error('timeout'), withCode('x', 'ECONNREFUSED'), withCode('x', 500), new Error('?')]) {
      expect(classifySocketError(error, NOW, offline).type).toBe('network');
    }
    expect(classifySocketError(new Error('Unauthorized'), NOW, offline).type).toBe('authentication');
    expect(classifySocketError(new Error('?'), NOW, { online: true }).type).toBe('connection');
  });

  it('falls back to a retryable connection error', () => {
    expect(classifySocketError(new Error('Something odd'), NOW)).toEqual({
      type: 'connection',
      message: 'Something odd',
      code: null,
      timestamp: NOW,
      retryable: true,
    });
    expect(classifySocketError(withCode('getaddrinfo ENOTFOUND api', 'ENOTFOUND'), NOW).type).toBe('connection');
    expect(classifySocketError(withCode('read ECONNRESET', 'ECONNRESET'), NOW).type).toBe('connection');
    expect(classifySocketError(withCode('Not Found', 404), NOW).type).toBe('connection');
  });

  it('gives messageless errors the connection text of their code', () => {
    expect(classifySocketError({ code: 'ENOTFOUND' }, NOW).message).toBe('Server not found');
    expect(classifySocketError({ code: 'EPIPE' }, NOW).message).toBe('Connection broken');
    for (const error of [null, undefined, 42, {}, new Error(''), { message: 7 }]) {
      expect(classifySocketError(error, NOW)).toEqual({
        type: 'connection',
        message: 'Connection error occurred',
        code: null,
        timestamp: NOW,
        retryable: true,
      });
    }
  });

  it('ignores codes that are neither strings nor finite numbers', () => {
    expect(classifySocketError({ message: 'x', code: { nested: true }, status: Number.NaN }, NOW).code).toBeNull();
    expect(classifySocketError({ message: 'x', code: '', status: 418 }, NOW).code).toBe(418);
  });
});

describe('connectionMessageByCode', () => {
  it('names each known code and falls back to the generic text', () => {
    expect(connectionMessageByCode('ECONNREFUSED')).toBe('Connection refused by server');
    expect(connectionMessageByCode('ENOTFOUND')).toBe('Server not found');
    expect(connectionMessageByCode(404)).toBe('Server not found');
    expect(connectionMessageByCode('404')).toBe('Server not found');
    expect(connectionMessageByCode('ETIMEDOUT')).toBe('Connection timed out');
    expect(connectionMessageByCode('econnreset')).toBe('Connection broken');
    expect(connectionMessageByCode('EPIPE')).toBe('Connection broken');
    expect(connectionMessageByCode('EWHATEVER')).toBe('Connection error occurred');
    expect(connectionMessageByCode(null)).toBe('Connection error occurred');
  });
});

describe('socketErrorToast', () => {
  it('asks to refresh on authentication failures, for 6 s', () => {
    expect(socketErrorToast(classifySocketError(new Error('Unauthorized'), NOW))).toEqual({
      message: 'Authentication failed. Please refresh the page.',
      description: 'Authentication expired. Please log in again.',
      level: 'error',
      durationMs: 6000,
      action: 'refresh',
    });
    expect(socketErrorToast(record({ type: 'authentication', retryable: true })).durationMs).toBe(6000);
  });

  it('words timeout, server and network errors, for 4 s when retryable', () => {
    expect(socketErrorToast(record({ type: 'timeout' }))).toEqual({
      message: 'Connection timed out. Retrying...',
      level: 'error',
      durationMs: 4000,
    });
    expect(socketErrorToast(record({ type: 'server' }))).toEqual({
      message: 'Server error occurred. Please try again later.',
      level: 'error',
      durationMs: 4000,
    });
    expect(socketErrorToast(record({ type: 'network' }))).toEqual({
      message: 'Network connection lost. Retrying when connection is restored.',
      level: 'warning',
      durationMs: 4000,
    });
  });

  it('lasts 6 s for any non-retryable error', () => {
    expect(socketErrorToast(record({ type: 'server', retryable: false })).durationMs).toBe(6000);
    expect(SOCKET_ERRORS.toastNonRetryableMs).toBe(6000);
  });

  it("shows a connection error's own message, or the text of its code", () => {
    expect(socketErrorToast(record({ message: 'Custom failure' }))).toEqual({
      message: 'Custom failure',
      level: 'error',
      durationMs: 4000,
    });
    const byCode: [SocketErrorRecord['code'], string][] = [
      ['ECONNREFUSED', 'Connection refused by server'],
      ['ENOTFOUND', 'Server not found'],
      [404, 'Server not found'],
      ['ETIMEDOUT', 'Connection timed out'],
      ['ECONNRESET', 'Connection broken'],
      ['EPIPE', 'Connection broken'],
      [null, 'Connection error occurred'],
    ];
    for (const [code, message] of byCode) {
      expect(socketErrorToast(record({ message: '', code })).message).toBe(message);
    }
    expect(socketErrorToast(classifySocketError(withCode('', 'ECONNREFUSED'), NOW)).message).toBe(
      'Connection refused by server',
    );
  });
});

describe('SOCKET_TEXTS', () => {
  it('holds the exact texts of the spec', () => {
    expect(SOCKET_TEXTS.connectionLost).toBe('Connection lost. Attempting to reconnect...');
    expect(SOCKET_TEXTS.reconnected).toBe('Reconnected successfully!');
    expect(SOCKET_TEXTS.connectionFailed('timeout')).toBe('Connection failed: timeout');
    expect(SOCKET_TEXTS.reconnectionFailed('xhr poll error')).toBe('Reconnection failed: xhr poll error');
    expect(SOCKET_TEXTS.noToken).toBe('No authentication token available');
    expect(SOCKET_TEXTS.initFailed).toBe('Socket initialization failed');
    expect(SOCKET_TEXTS.uploadDisconnected).toBe('Socket disconnected during file upload');
    expect(SOCKET_TEXTS.uploadTimeout(300000)).toBe('File upload timeout after 300000ms');
    expect(SOCKET_TEXTS.uploadFailedAt(3)).toBe('File upload failed at chunk 3');
    expect(SOCKET_TEXTS.messageInvalid).toBe('Message too long or invalid');
  });
});

describe('SocketErrorHistory', () => {
  const clock = (start = NOW) => {
    const state = { now: start };
    return { state, now: () => state.now };
  };

  it('keeps only the last 50 entries, oldest dropped first', () => {
    const history = new SocketErrorHistory(() => NOW);
    for (let i = 0; i < 53; i++) history.record(record({ message: `e${i}` }));
    const entries = history.entries();
    expect(entries).toHaveLength(50);
    expect(entries[0]?.message).toBe('e3');
    expect(entries.at(-1)?.message).toBe('e52');
  });

  it('returns a copy of its entries and can be cleared', () => {
    const history = new SocketErrorHistory(() => NOW);
    history.record(record());
    history.entries().push(record());
    expect(history.entries()).toHaveLength(1);
    history.clear();
    expect(history.entries()).toEqual([]);
  });

  it('backs off exponentially, counting the error just recorded, capped at 30 s', () => {
    const history = new SocketErrorHistory(() => NOW);
    expect(history.backoffDelay('timeout')).toBe(1000);
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      history.record(record({ type: 'timeout' }));
      delays.push(history.backoffDelay('timeout'));
    }
    expect(delays).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('counts only same-type errors of the last minute', () => {
    const { state, now } = clock();
    const history = new SocketErrorHistory(now);
    history.record(record({ type: 'network', timestamp: NOW - 60_000 }));
    history.record(record({ type: 'network', timestamp: NOW - 59_999 }));
    history.record(record({ type: 'server', timestamp: NOW }));
    expect(history.backoffDelay('network')).toBe(2000);
    expect(history.backoffDelay('server')).toBe(2000);
    expect(history.backoffDelay('connection')).toBe(1000);
    state.now = NOW + 60_000;
    expect(history.backoffDelay('server')).toBe(1000);
  });

  it('is healthy with no errors or a few retryable ones', () => {
    const history = new SocketErrorHistory(() => NOW);
    expect(history.isHealthy()).toBe(true);
    expect(history.hasIssues()).toBe(false);
    for (let i = 0; i < 5; i++) history.record(record());
    expect(history.isHealthy()).toBe(true);
  });

  it('has issues with more than 5 recent errors', () => {
    const history = new SocketErrorHistory(() => NOW);
    for (let i = 0; i < 6; i++) history.record(record());
    expect(history.hasIssues()).toBe(true);
    expect(history.isHealthy()).toBe(false);
  });

  it('has issues when a recent error is not retryable', () => {
    const history = new SocketErrorHistory(() => NOW);
    history.record(record({ type: 'authentication', retryable: false }));
    expect(history.hasIssues()).toBe(true);
  });

  it('only weighs errors of the last 5 minutes', () => {
    const { state, now } = clock();
    const history = new SocketErrorHistory(now);
    history.record(record({ retryable: false, timestamp: NOW - 300_000 }));
    for (let i = 0; i < 5; i++) history.record(record({ timestamp: NOW - 300_000 }));
    history.record(record({ timestamp: NOW - 299_999 }));
    expect(history.isHealthy()).toBe(true);
    state.now = NOW - 1;
    expect(history.isHealthy()).toBe(false);
  });

  it('only weighs the last 10 errors', () => {
    const history = new SocketErrorHistory(() => NOW);
    history.record(record({ type: 'authentication', retryable: false }));
    for (let i = 0; i < 10; i++) history.record(record({ timestamp: NOW - 300_000 }));
    expect(history.isHealthy()).toBe(true);
  });

  it('reports authentication errors always, others once history holds more than 10', () => {
    const history = new SocketErrorHistory(() => NOW);
    const auth = record({ type: 'authentication', retryable: false });
    expect(history.shouldReport(auth)).toBe(true);
    for (let i = 0; i < 10; i++) history.record(record());
    expect(history.shouldReport(record())).toBe(false);
    history.record(record());
    expect(history.shouldReport(record())).toBe(true);
    history.clear();
    expect(history.shouldReport(record())).toBe(false);
  });

  it('reads Date.now by default', () => {
    const history = new SocketErrorHistory();
    history.record(record({ timestamp: Date.now() }));
    expect(history.backoffDelay('connection')).toBe(2000);
  });
});
