/**
 * Classification, toasts and history of chat-socket errors (SPEC §3 "Socket error record",
 * §8 "Socket toasts", "Thrown errors", "Classification"). Pure: the clock and the browser's
 * online flag are passed in.
 */
import { SOCKET, SOCKET_ERRORS, type SocketErrorRecord } from '@fieldhouse/shared';

type SocketErrorType = SocketErrorRecord['type'];
type ErrorCode = SocketErrorRecord['code'];

export const SOCKET_TEXTS = {
  connectionLost: 'Connection lost. Attempting to reconnect...',
  reconnected: 'Reconnected successfully!',
  connectionFailed: (reason: string) => `Connection failed: ${reason}`,
  reconnectionFailed: (reason: string) => `Reconnection failed: ${reason}`,
  noToken: 'No authentication token available',
  initFailed: 'Socket initialization failed',
  uploadDisconnected: 'Socket disconnected during file upload',
  uploadTimeout: (ms: number) => `File upload timeout after ${ms}ms`,
  uploadFailedAt: (n: number) => `File upload failed at chunk ${n}`,
  messageInvalid: 'Message too long or invalid',
} as const;

export const SOCKET_ERROR_TEXTS = {
  authentication: 'Authentication failed. Please refresh the page.',
  authenticationDescription: 'Authentication expired. Please log in again.',
  timeout: 'Connection timed out. Retrying...',
  server: 'Server error occurred. Please try again later.',
  network: 'Network connection lost. Retrying when connection is restored.',
  refused: 'Connection refused by server',
  notFound: 'Server not found',
  timedOut: 'Connection timed out',
  broken: 'Connection broken',
  connection: 'Connection error occurred',
} as const;

export interface ClassifyOptions {
  /** `navigator.onLine`; an offline browser explains any failure but an authentication one. */
  online?: boolean;
}

/*
 * Classification, first match wins (matching is case-insensitive over the code, the message
 * and socket.io's `description`):
 *
 * | type           | matches                                                              | retryable |
 * |----------------|----------------------------------------------------------------------|-----------|
 * | authentication | 401, 403; unauthorized, forbidden, jwt, token, auth…                 | no        |
 * | network        | `online: false`                                                      | yes       |
 * | connection     | ECONNREFUSED, "refused" (message becomes 'Connection refused by server') | yes   |
 * | timeout        | timeout, ETIMEDOUT, "timed out" (also socket.io's 'ping timeout')    | yes       |
 * | server         | numeric code ≥ 500; "server error", service unavailable, bad gateway | yes       |
 * | network        | network, offline, xhr poll error, websocket error, transport error/close, |      |
 * |                | ENETUNREACH, EAI_AGAIN, socket.io's TransportError                   | yes       |
 * | connection     | anything else, including ENOTFOUND/404 and ECONNRESET/EPIPE, so the  | yes       |
 * |                | toast can name them ('Server not found', 'Connection broken')        |           |
 *
 * The server's handshake middleware refuses with Error('Unauthorized') or Error('Forbidden').
 */
const AUTH_PATTERN = /unauthori[sz]ed|forbidden|jwt|token|\bauth/i;
const REFUSED_PATTERN = /econnrefused|refused/i;
const TIMEOUT_PATTERN = /timeout|etimedout|timed out/i;
const SERVER_PATTERN = /server error|service unavailable|bad gateway/i;
const NETWORK_PATTERN =
  /network|offline|xhr poll error|websocket error|transport error|transport close|enetunreach|eai_again/i;

interface ErrorFacts {
  message: string;
  code: ErrorCode;
  /** Everything worth matching, joined. */
  text: string;
  transportError: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const asCode = (value: unknown): ErrorCode | undefined =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value))
    ? value
    : undefined;

function readFacts(error: unknown): ErrorFacts {
  if (typeof error === 'string') return { message: error, code: null, text: error, transportError: false };
  if (!isRecord(error)) return { message: '', code: null, text: '', transportError: false };
  const data = isRecord(error.data) ? error.data : {};
  const { description } = error;
  // engine.io puts the failed poll's HTTP status in `description`; 0 means no response at all.
  const statusInDescription = typeof description === 'number' && description > 0 ? description : undefined;
  const code =
    asCode(error.code) ??
    asCode(error.status) ??
    asCode(error.statusCode) ??
    asCode(data.code) ??
    asCode(data.status) ??
    statusInDescription ??
    null;
  const message = typeof error.message === 'string' ? error.message : '';
  const descriptionText =
    typeof description === 'string'
      ? description
      : isRecord(description) && typeof description.message === 'string'
        ? description.message
        : '';
  return {
    message,
    code,
    text: [typeof code === 'string' ? code : '', message, descriptionText].join(' '),
    transportError: error.type === 'TransportError',
  };
}

const numericCode = (code: ErrorCode): number | null =>
  typeof code === 'number' ? code : code !== null && /^\d{3}$/.test(code) ? Number(code) : null;

/** The connection toast's text for a code, or the generic one (SPEC §8 "Connection"). */
export function connectionMessageByCode(code: ErrorCode): string {
  const key = typeof code === 'string' ? code.toUpperCase() : code;
  switch (key) {
    case 'ECONNREFUSED':
      return SOCKET_ERROR_TEXTS.refused;
    case 'ENOTFOUND':
    case 404:
    case '404':
      return SOCKET_ERROR_TEXTS.notFound;
    case 'ETIMEDOUT':
      return SOCKET_ERROR_TEXTS.timedOut;
    case 'ECONNRESET':
    case 'EPIPE':
      return SOCKET_ERROR_TEXTS.broken;
    default:
      return SOCKET_ERROR_TEXTS.connection;
  }
}

function classifyFacts(facts: ErrorFacts, online: boolean): { type: SocketErrorType; message?: string } {
  const status = numericCode(facts.code);
  if (status === 401 || status === 403 || AUTH_PATTERN.test(facts.text)) return { type: 'authentication' };
  if (!online) return { type: 'network' };
  if (REFUSED_PATTERN.test(facts.text)) return { type: 'connection', message: SOCKET_ERROR_TEXTS.refused };
  if (TIMEOUT_PATTERN.test(facts.text)) return { type: 'timeout' };
  if ((status !== null && status >= 500) || SERVER_PATTERN.test(facts.text)) return { type: 'server' };
  if (facts.transportError || NETWORK_PATTERN.test(facts.text)) return { type: 'network' };
  return { type: 'connection' };
}

export function classifySocketError(
  error: unknown,
  now: number = Date.now(),
  options: ClassifyOptions = {},
): SocketErrorRecord {
  const facts = readFacts(error);
  const { type, message } = classifyFacts(facts, options.online ?? true);
  return {
    type,
    message: message ?? (facts.message || connectionMessageByCode(facts.code)),
    code: facts.code,
    timestamp: Math.trunc(now),
    retryable: type !== 'authentication',
  };
}

export interface SocketErrorToast {
  message: string;
  description?: string;
  level: 'error' | 'warning';
  durationMs: number;
  action?: 'refresh';
}

export function socketErrorToast(record: SocketErrorRecord): SocketErrorToast {
  const retryable = record.retryable && record.type !== 'authentication';
  const durationMs = retryable ? SOCKET_ERRORS.toastRetryableMs : SOCKET_ERRORS.toastNonRetryableMs;
  switch (record.type) {
    case 'authentication':
      return {
        message: SOCKET_ERROR_TEXTS.authentication,
        description: SOCKET_ERROR_TEXTS.authenticationDescription,
        level: 'error',
        durationMs,
        action: 'refresh',
      };
    case 'timeout':
      return { message: SOCKET_ERROR_TEXTS.timeout, level: 'error', durationMs };
    case 'server':
      return { message: SOCKET_ERROR_TEXTS.server, level: 'error', durationMs };
    case 'network':
      return { message: SOCKET_ERROR_TEXTS.network, level: 'warning', durationMs };
    case 'connection':
      return { message: record.message || connectionMessageByCode(record.code), level: 'error', durationMs };
  }
}

/**
 * The last SOCKET_ERRORS.historySize errors, from which backoff, health and reporting are
 * derived. Callers `record()` an error first and then ask about it: the error just recorded
 * counts towards its own backoff and towards `shouldReport`.
 */
export class SocketErrorHistory {
  #entries: SocketErrorRecord[] = [];
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  record(record: SocketErrorRecord): void {
    this.#entries.push(record);
    if (this.#entries.length > SOCKET_ERRORS.historySize) {
      this.#entries.splice(0, this.#entries.length - SOCKET_ERRORS.historySize);
    }
  }

  /**
   * Base delay × 2^(same-type errors in the last minute, the current one included), capped:
   * after recording, the first error of a type waits 2 s, then 4, 8, 16, 30 s.
   */
  backoffDelay(type: SocketErrorType): number {
    const now = this.#now();
    const recent = this.#entries.filter(
      (entry) => entry.type === type && now - entry.timestamp < SOCKET_ERRORS.retryWindowMs,
    ).length;
    return Math.min(SOCKET.reconnectionDelayMs * 2 ** recent, SOCKET_ERRORS.backoffCapMs);
  }

  hasIssues(): boolean {
    const now = this.#now();
    const recent = this.#entries
      .slice(-SOCKET_ERRORS.healthLastErrors)
      .filter((entry) => now - entry.timestamp < SOCKET_ERRORS.healthWindowMs);
    return recent.length > SOCKET_ERRORS.healthMaxErrors || recent.some((entry) => !entry.retryable);
  }

  isHealthy(): boolean {
    return !this.hasIssues();
  }

  shouldReport(record: SocketErrorRecord): boolean {
    return record.type === 'authentication' || this.#entries.length > SOCKET_ERRORS.reportWhenHistoryOver;
  }

  entries(): SocketErrorRecord[] {
    return [...this.#entries];
  }

  clear(): void {
    this.#entries = [];
  }
}
