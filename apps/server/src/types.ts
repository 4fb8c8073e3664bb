import type { Server as SocketIoServer } from 'socket.io';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Identity } from './identity/setup.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { BroadcastJob } from './modules/broadcasts/job.ts';
import type { UploadStore } from './modules/chat/uploads.ts';
import type { Delivery } from './modules/delivery/setup.ts';
import type { SocketErrorLog } from './modules/telemetry/socket-error-log.ts';
import type { RateLimiters } from './rate-limit/create.ts';
import type { FreshUsers } from './realtime/fresh-users.ts';
import type { RedisClient } from './redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    lifecycle: { shuttingDown: boolean };
    io: SocketIoServer;
    /** Re-reads people on their open sockets, on every node, after a change to their rights. */
    freshUsers: FreshUsers;
    identity: Identity;
    uploads: UploadStore;
    /** Socket errors browsers reported to this node (admin system status). */
    socketErrors: SocketErrorLog;
    /** Shared state between nodes; undefined without REDIS_URL. */
    redis: RedisClient | undefined;
    /** Rate limits, counted in Redis when there is one so every node shares them. */
    rateLimits: RateLimiters;
    /** Prometheus metrics of this app (metrics/metrics.ts). */
    metrics: Metrics;
    /** Web push, last seen and the e-mail digest (decision 028). */
    delivery: Delivery;
    /** Scheduled broadcasts' sender (decision 029). */
    broadcasts: BroadcastJob;
  }
}
