/**
 * Socket.IO on the app's own HTTP server. With REDIS_URL set, the Redis streams adapter lets
 * several nodes share rooms and broadcasts. Handshake authentication lives in `authenticate`.
 */
import type { Server as HttpServer } from 'node:http';
import { SOCKET } from '@fieldhouse/shared';
import { createClient } from '@redis/client';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { HttpError, serviceUnavailable } from '../errors.ts';
import { type AuthContext, bearerToken } from '../modules/auth/authenticate.ts';
import { becomes, holdEvents } from './fresh-users.ts';
import { NODE_ID } from './node-id.ts';
import { organizationRoom, sessionRoom, userRoom } from './rooms.ts';

export type SocketServer = {
  io: Server;
  /** Whether other nodes share these sockets (a Redis adapter): only then is `serverSideEmit` meaningful. */
  clustered: boolean;
  /** Work a socket started that may still publish (presence after a disconnect); close waits for it. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /**
   * Runs `send` (which broadcasts) and resolves once Redis has taken what it broadcast (its
   * `XADD`s): an ack sent after it cannot announce a message that a node dying a moment later never
   * handed to the others. Rejects (503 `delivery_unconfirmed`) when Redis refused one (out of
   * memory, a read-only replica, a dropped connection): the message is stored, and a resend under
   * its client id delivers it again. Waits at most `PUBLISHED_WAIT_MS`: with Redis unreachable,
   * sends are acked after it (stored; the adapter delivers to this node's own sockets once its
   * publish is answered) instead of every handler, and a shutdown, waiting on Redis. At once
   * without Redis.
   */
  delivered: (send: () => void) => Promise<unknown>;
  close: () => Promise<void>;
};

export type SocketServerOptions = {
  redisUrl?: string | undefined;
  /** The Redis stream shared by this install's nodes. */
  redisStream?: string;
  corsOrigins: string[];
  log: FastifyBaseLogger;
  authenticate: (token: string | undefined) => Promise<AuthContext>;
  /** Origins a browser may open a socket from, besides the server's own. */
  isAllowedOrigin?: (origin: string, host: string | undefined) => boolean;
  /** Counts each delivery handed to Redis by how it ended (metrics). */
  countDelivery?: (outcome: DeliveryOutcome) => void;
};

/**
 * How a delivery handed to Redis ended: `taken` (every publish answered), `refused` (one was
 * refused: answered 503), `unanswered` (acked after `PUBLISHED_WAIT_MS` without Redis's answer).
 */
export const DELIVERY_OUTCOMES = ['taken', 'refused', 'unanswered'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** The longest an ack waits for Redis to take its delivery (decisions 042, 043). */
export const PUBLISHED_WAIT_MS = 1_000;

type Publisher = { doPublish: (message: unknown) => Promise<unknown> };

/**
 * `SocketServer.delivered` over the adapter's publishes (each an `XADD` on its Redis
 * connection). Socket.IO's cluster adapter starts a broadcast's publish synchronously inside
 * `emit` and drops its outcome (it logs a failure at debug level only), so the publishes a
 * `send` starts are collected while it runs: exactly its own, whatever else the node is doing.
 */
export function deliveredOver(
  adapter: Publisher,
  count: (outcome: DeliveryOutcome) => void = () => {},
): (send: () => void) => Promise<unknown> {
  let collecting: Promise<unknown>[] | undefined;
  const publish = adapter.doPublish.bind(adapter);
  adapter.doPublish = (message) => {
    const sent = publish(message);
    collecting?.push(sent);
    return sent;
  };
  return (send) => {
    const sent: Promise<unknown>[] = [];
    const outer = collecting;
    collecting = sent;
    try {
      send();
    } finally {
      collecting = outer;
    }
    outer?.push(...sent);
    if (sent.length === 0) return Promise.resolve();
    // One outcome per delivery, the one its sender was answered with; a send inside another is
    // part of the outer's delivery. Counting never gets in the way of the answer.
    let answered = outer !== undefined;
    const end = (outcome: DeliveryOutcome) => {
      if (!answered) {
        try {
          count(outcome);
        } catch {}
      }
      answered = true;
    };
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        end('unanswered');
        resolve();
      }, PUBLISHED_WAIT_MS);
    });
    const taken = Promise.all(sent).then(
      () => end('taken'),
      (err: unknown) => {
        end('refused');
        throw Object.assign(
          serviceUnavailable('Saved, but not yet delivered to everyone: send it again', 'delivery_unconfirmed'),
          { cause: err },
        );
      },
    );
    return Promise.race([taken, bound]).finally(() => clearTimeout(timer));
  };
}

/** Without Redis every socket is on this node: what `send` broadcast has arrived. */
const deliveredHere = (send: () => void) => {
  send();
  return Promise.resolve();
};

/** How often sockets whose token has expired are disconnected. */
export const EXPIRY_SWEEP_MS = 2_000;

/**
 * Drops what an authenticated socket no longer needs and Socket.IO would keep for the
 * connection's life: the token (about 1 KB), the request headers (a browser's are 1–2 KB; the
 * Origin was checked before the handshake) and the upgrade request itself (Socket.IO's
 * memory-usage guide does the same). Nothing reads them later, and `fetchSockets` answers from
 * other nodes carry the handshake, so they get smaller too.
 */
function forgetHandshake(socket: Socket) {
  const auth = socket.handshake.auth as { idToken?: unknown };
  delete auth.idToken;
  socket.handshake.headers = {};
  (socket.conn as unknown as { request: unknown }).request = null;
}

/** The handshake token: `auth.idToken` (SPEC §7) or an `Authorization: Bearer` header. */
function handshakeToken(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { idToken?: unknown } | undefined)?.idToken;
  return typeof fromAuth === 'string' && fromAuth ? fromAuth : bearerToken(socket.handshake.headers.authorization);
}

export async function createSocketServer(httpServer: HttpServer, options: SocketServerOptions): Promise<SocketServer> {
  let redis: ReturnType<typeof createClient> | undefined;
  if (options.redisUrl) {
    redis = createClient({ url: options.redisUrl });
    redis.on('error', (err: unknown) => options.log.error({ err }, 'redis error'));
    await redis.connect();
  }
  const io = new Server(httpServer, {
    path: SOCKET.path,
    pingInterval: SOCKET.heartbeatMs,
    pingTimeout: SOCKET.connectionTimeoutMs,
    maxHttpBufferSize: 2 * 1024 * 1024,
    cors: { origin: options.corsOrigins.length > 0 ? options.corsOrigins : false },
    // Browsers send Origin; a page on another site must not ride a user's token into our socket.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin) return callback(null, true);
      let sameHost = false;
      try {
        sameHost = new URL(origin).host === req.headers.host;
      } catch {
        sameHost = false;
      }
      callback(null, sameHost || options.corsOrigins.includes(origin));
    },
    // The stream and the pub/sub channels both carry the install's prefix: with the channels left
    // at their default, every install on a shared Redis counted the others' nodes as its own
    // (PUBSUB NUMSUB) and waited 5 s for answers that could not come.
    ...(redis
      ? {
          adapter: createAdapter(redis, {
            streamName: options.redisStream ?? 'socket.io',
            channelPrefix: options.redisStream ?? 'socket.io',
          }),
        }
      : {}),
  });
  // A handshake's token, from its check until the socket is registered and checked again.
  const handshakes = new WeakMap<Socket, string | undefined>();
  // Only signed-in, ACTIVE users connect; each socket joins its user's and organization's channels.
  io.use((socket, next) => {
    const token = handshakeToken(socket);
    options
      .authenticate(token)
      .then((auth) => {
        if (auth.user.status !== 'ACTIVE') return next(new Error('Forbidden'));
        socket.data.user = auth.user;
        socket.data.nodeId = NODE_ID;
        // A socket lives no longer than its token (see the sweep below).
        if (typeof auth.claims.exp === 'number') socket.data.expiresAt = auth.claims.exp * 1000;
        void socket.join(userRoom(auth.user.id));
        if (typeof auth.claims.origin_jti === 'string') void socket.join(sessionRoom(auth.claims.origin_jti));
        if (auth.user.organizationId) void socket.join(organizationRoom(auth.user.organizationId));
        forgetHandshake(socket);
        handshakes.set(socket, token);
        next();
      })
      .catch(() => next(new Error('Unauthorized')));
  });
  // A sign-out, deactivation or role change while the handshake was being checked reached no
  // socket: `disconnectSockets` and the users-changed re-read find a socket only once Socket.IO
  // has registered it, a tick after the middleware. So the token is checked once more after
  // registration, and the socket's events wait for that answer (`holdEvents`).
  io.on('connection', (socket) => {
    const token = handshakes.get(socket);
    handshakes.delete(socket);
    holdEvents(
      socket,
      async () => {
        const auth = await options.authenticate(token);
        if (auth.user.status !== 'ACTIVE') socket.disconnect(true);
        else await becomes(socket, auth.user);
      },
      (error) => {
        if (!(error instanceof HttpError)) options.log.error({ err: error }, 'checking a new socket again failed');
      },
    );
  });
  // One sweep for every socket's token expiry costs less than a timer per socket.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const socket of io.of('/').sockets.values()) {
      const expiresAt = socket.data.expiresAt as number | undefined;
      if (expiresAt !== undefined && expiresAt <= now) socket.disconnect(true);
    }
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  const inflight = new Set<Promise<unknown>>();
  return {
    io,
    clustered: redis !== undefined,
    delivered: redis ? deliveredOver(io.of('/').adapter as unknown as Publisher, options.countDelivery) : deliveredHere,
    track: (work) => {
      inflight.add(work);
      void work.finally(() => inflight.delete(work)).catch(() => {});
      return work;
    },
    close: async () => {
      clearInterval(sweep);
      // What the sockets started (a message being stored, presence after their disconnect) ends
      // while the adapter still hears the other nodes: their answers arrive (closed first, a
      // presence look-up waited out its 5 s timeout) and what it sends goes out.
      await Promise.allSettled([...inflight]);
      await io.close();
      await Promise.allSettled([...inflight]);
      if (redis?.isOpen) await redis.quit();
    },
  };
}
