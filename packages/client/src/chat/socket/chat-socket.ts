/**
 * The chat socket (SPEC §4, §7, §8): one Socket.IO connection per signed-in tab, its state
 * machine, error classification with toasts, backoff and reporting, presence from page
 * visibility, and acknowledged requests. Framework-free; React reaches it through the provider.
 */
import {
  type ConnectionState,
  SOCKET,
  SOCKET_ERROR_TYPES,
  SOCKET_ERRORS,
  SOCKET_EVENTS,
  type SocketAck,
  type SocketErrorRecord,
} from '@fieldhouse/shared';
import { io, type Socket } from 'socket.io-client';
import { type ConnectionEvent, nextConnectionState, shouldReconnectImmediately } from './connection-state.ts';
import type { ErrorReporter } from './error-reporter.ts';
import { classifySocketError, SOCKET_TEXTS, SocketErrorHistory, socketErrorToast } from './socket-errors.ts';

export type SocketToast = {
  id: string;
  level: 'success' | 'warning' | 'error';
  message: string;
  description?: string | undefined;
  durationMs: number;
  action?: 'refresh' | undefined;
};

export type ChatSocketOptions = {
  getToken: () => Promise<string | undefined>;
  notify: (toast: SocketToast) => void;
  /** Takes toasts down by id (error toasts, once the connection is back). */
  dismiss?: ((ids: string[]) => void) | undefined;
  reporter?: ErrorReporter | undefined;
  /** Same origin by default; tests point it elsewhere. */
  url?: string | undefined;
  path?: string | undefined;
  window?: Window | undefined;
};

/** A refusal the server sent in an ack: the request reached it and was answered. */
export class SocketRequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'SocketRequestError';
  }
}

export class SocketNotConnectedError extends Error {
  constructor() {
    super('Socket is not connected');
    this.name = 'SocketNotConnectedError';
  }
}

type Listener = () => void;

/**
 * Lost / reconnected / reconnection failed replace each other: each is a toast of its own and takes
 * the one before it down. Not one id updated in place: sonner keeps a toast already on its way out
 * (the last 200 ms of its 4 s) on its way out with the new text in it, so a connection back just
 * as "Connection lost" timed out never said so (chat-socket.test.tsx).
 */
const LIFECYCLE_TOAST = 'socket-lifecycle';

export class ChatSocket {
  readonly socket: Socket;
  readonly errors = new SocketErrorHistory();
  private current: ConnectionState = 'disconnected';
  private readonly listeners = new Set<Listener>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lostConnection = false;
  private lifecycleToasts = 0;
  private presence: 'online' | 'away' = 'online';
  private room: number | null = null;
  private readonly detachWindow: () => void;

  constructor(private readonly options: ChatSocketOptions) {
    this.socket = io(options.url ?? '', {
      path: options.path ?? SOCKET.path,
      autoConnect: false,
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionAttempts: SOCKET.reconnectionAttempts,
      reconnectionDelay: SOCKET.reconnectionDelayMs,
      reconnectionDelayMax: SOCKET.reconnectionDelayMaxMs,
      randomizationFactor: SOCKET.randomizationFactor,
      timeout: SOCKET.connectionTimeoutMs,
      // A function, so every (re)connection carries a fresh token, never an expired one.
      auth: (send) => {
        options.getToken().then(
          (idToken) => send(idToken ? { idToken } : {}),
          () => send({}),
        );
      },
    });
    this.wire();
    this.detachWindow = this.watchWindow(options.window ?? (typeof window === 'undefined' ? undefined : window));
  }

  get state(): ConnectionState {
    return this.current;
  }

  get connected() {
    return this.socket.connected;
  }

  subscribe(listener: Listener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async connect() {
    if (this.current === 'connected' || this.current === 'connecting' || this.current === 'reconnecting') return;
    const token = await this.options.getToken().catch(() => undefined);
    if (!token) {
      this.fail(new Error(SOCKET_TEXTS.noToken));
      return;
    }
    this.dispatch({ type: 'connect-start' });
    // Browsers cannot set headers on a websocket; the polling fallback carries the header too.
    this.socket.io.opts.extraHeaders = { authorization: `Bearer ${token}` };
    this.socket.connect();
  }

  disconnect() {
    clearTimeout(this.retryTimer);
    this.socket.disconnect();
  }

  /** Stops for good (sign-out): no reconnection, no window listeners. */
  close() {
    this.disconnect();
    this.detachWindow();
    this.listeners.clear();
  }

  /** The room the user is looking at, sent with presence so the server knows who sees what. */
  setCurrentRoom(roomId: number | null) {
    this.room = roomId;
  }

  get currentRoom() {
    return this.room;
  }

  on<T>(event: string, handler: (payload: T) => void) {
    this.socket.on(event, handler);
    return () => {
      this.socket.off(event, handler);
    };
  }

  /** An acknowledged request: resolves with the ack's data, rejects with the server's refusal. */
  async request<T>(event: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
    if (!this.socket.connected) {
      console.warn(`Socket not connected; "${event}" was not sent`);
      throw new SocketNotConnectedError();
    }
    const ack = (await this.socket.timeout(timeoutMs).emitWithAck(event, payload)) as SocketAck<T>;
    if (!ack.ok) throw new SocketRequestError(ack.error.statusCode, ack.error.message);
    return ack.data;
  }

  /** Fire and forget (typing, presence): dropped with a warning when not connected. */
  emit(event: string, payload: unknown) {
    if (!this.socket.connected) {
      console.warn(`Socket not connected; "${event}" was not sent`);
      return;
    }
    this.socket.emit(event, payload);
  }

  private dispatch(event: ConnectionEvent) {
    const next = nextConnectionState(this.current, event);
    if (next === this.current) return;
    this.current = next;
    for (const listener of this.listeners) listener();
  }

  private wire() {
    const { socket } = this;
    socket.on('connect', () => {
      clearTimeout(this.retryTimer);
      const wasLost = this.lostConnection;
      this.lostConnection = false;
      this.dispatch({ type: 'connect' });
      this.sendPresence(this.presence);
      if (wasLost) {
        this.options.dismiss?.(SOCKET_ERROR_TYPES.map((type) => `socket-${type}`));
        this.lifecycleToast({ level: 'success', message: SOCKET_TEXTS.reconnected });
      }
    });
    socket.on('disconnect', (reason) => {
      this.dispatch({ type: 'disconnect', reason });
      if (reason === 'io client disconnect') return;
      this.lostConnection = true;
      if (shouldReconnectImmediately(reason)) {
        // The server closed us (restart, expired token): come straight back with a fresh token.
        this.dispatch({ type: 'connect-start' });
        socket.connect();
        return;
      }
      this.lifecycleToast({
        level: 'warning',
        message: SOCKET_TEXTS.connectionLost,
        durationMs: SOCKET_ERRORS.toastRetryableMs,
      });
    });
    socket.on('connect_error', (error) => {
      const record = this.fail(error);
      // The middleware refused us (socket.active false): the manager will not try again by itself.
      if (!socket.active && record.retryable) this.retryLater(record);
    });
    socket.io.on('reconnect_attempt', () => this.dispatch({ type: 'reconnect-attempt' }));
    socket.io.on('reconnect', () => this.dispatch({ type: 'reconnect' }));
    socket.io.on('reconnect_failed', () => {
      this.dispatch({ type: 'reconnect-failed' });
      const last = this.errors.entries().at(-1);
      this.lifecycleToast({
        level: 'error',
        message: SOCKET_TEXTS.reconnectionFailed(last?.message ?? 'no answer from the server'),
        durationMs: SOCKET_ERRORS.toastNonRetryableMs,
      });
      if (!last || last.retryable) this.retryLater(last);
    });
  }

  /** Records, reports and shows one error; returns its classification. */
  private fail(error: unknown): SocketErrorRecord {
    const online = typeof navigator === 'undefined' ? true : navigator.onLine;
    const record = classifySocketError(error, Date.now(), { online });
    this.errors.record(record);
    if (this.current === 'connecting' || this.current === 'disconnected') this.dispatch({ type: 'connect-error' });
    if (this.errors.shouldReport(record))
      this.options.reporter?.report(record, { state: this.current, history: this.errors.entries().length });
    const toast = socketErrorToast(record);
    this.toast({ id: `socket-${record.type}`, ...toast, level: toast.level });
    return record;
  }

  /** Retryable errors come back with exponential backoff (SPEC §8), beyond the manager's 5 tries. */
  private retryLater(record: SocketErrorRecord | undefined) {
    clearTimeout(this.retryTimer);
    const delay = this.errors.backoffDelay(record?.type ?? 'connection');
    this.retryTimer = setTimeout(() => {
      this.current = 'disconnected';
      void this.connect();
    }, delay);
  }

  private sendPresence(status: 'online' | 'away' | 'offline') {
    if (status !== 'offline') this.presence = status;
    if (!this.socket.connected) return;
    this.socket.emit(SOCKET_EVENTS.userPresence, { status, currentRoom: this.room, timestamp: Date.now() });
  }

  private toast(toast: Omit<SocketToast, 'durationMs'> & { durationMs?: number | undefined }) {
    this.options.notify({ durationMs: SOCKET_ERRORS.toastRetryableMs, ...toast });
  }

  private lifecycleToast(toast: Omit<SocketToast, 'id' | 'durationMs'> & { durationMs?: number | undefined }) {
    if (this.lifecycleToasts > 0) this.options.dismiss?.([`${LIFECYCLE_TOAST}-${this.lifecycleToasts}`]);
    this.lifecycleToasts += 1;
    this.toast({ ...toast, id: `${LIFECYCLE_TOAST}-${this.lifecycleToasts}` });
  }

  /** Presence from page visibility, a reconnect when the browser is back online (SPEC §4, §8). */
  private watchWindow(win: Window | undefined) {
    if (!win) return () => {};
    const doc = win.document;
    const onVisibility = () => this.sendPresence(doc.visibilityState === 'hidden' ? 'away' : 'online');
    const onPageHide = () => this.sendPresence('offline');
    const onOnline = () => {
      if (this.socket.connected) return;
      this.lostConnection = true;
      clearTimeout(this.retryTimer);
      this.current = this.current === 'connected' ? this.current : 'disconnected';
      void this.connect();
    };
    const onOffline = () => this.fail(new Error('offline'));
    doc.addEventListener('visibilitychange', onVisibility);
    win.addEventListener('pagehide', onPageHide);
    win.addEventListener('online', onOnline);
    win.addEventListener('offline', onOffline);
    this.presence = doc.visibilityState === 'hidden' ? 'away' : 'online';
    return () => {
      doc.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('online', onOnline);
      win.removeEventListener('offline', onOffline);
    };
  }
}
