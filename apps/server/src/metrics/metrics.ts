/**
 * Prometheus metrics of one app (decision 014): request latency by route pattern, sockets on this
 * node, chat messages, the database; plus the process's own (CPU, memory, GC, event-loop delay),
 * collected once per process because they describe the process, not an app inside it.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { DELIVERY_OUTCOMES } from '../realtime/socket-server.ts';

let processRegistry: Registry | undefined;
/** CPU, memory, handles, GC and `nodejs_eventloop_lag_*` (p50/p90/p99 since the last scrape). */
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const PING_TIMEOUT_MS = 1_000;

export type MetricsSources = {
  database: Database;
  /** Sockets connected to this node right now. */
  sockets: () => number;
};

export function createMetrics({ database, sockets }: MetricsSources) {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const chatMessages = new Counter({
    name: 'fieldhouse_chat_messages_total',
    help: 'Chat messages people sent through this node (rate() gives messages per second)',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'fieldhouse_chat_deliveries_total',
    help: 'Chat deliveries this node handed to the other nodes through Redis, by outcome (taken; refused: the sender was answered 503 delivery_unconfirmed; unanswered: acked after 1 s without an answer)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Every outcome from zero: the first refusal after a start is then a rise that rate() sees.
  for (const outcome of DELIVERY_OUTCOMES) deliveries.inc({ outcome }, 0);
  const pushes = new Counter({
    name: 'fieldhouse_push_sends_total',
    help: 'Web pushes this node handed to push services, by outcome (sent, gone: subscription removed, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const digests = new Counter({
    name: 'fieldhouse_digest_mails_total',
    help: 'Notification digests this node queued for e-mail',
    registers: [registry],
  });
  new Gauge({
    name: 'fieldhouse_sockets_connected',
    help: 'Socket.IO connections on this node',
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  new Gauge({
    name: 'fieldhouse_database_up',
    help: 'Whether a round trip to the database succeeded during this scrape (1) or not (0)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const timeout = new Promise<never>((_, reject) => setTimeout(reject, PING_TIMEOUT_MS).unref());
      const up = await Promise.race([database.ping(), timeout]).then(
        () => 1,
        () => 0,
      );
      this.set({ kind: database.kind }, up);
    },
  });
  // PGlite is one connection inside this process: there is no pool to describe.
  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'fieldhouse_database_pool_connections',
      help: 'PostgreSQL pool clients: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  return {
    requestDuration,
    chatMessages,
    deliveries,
    pushes,
    digests,
    contentType: registry.contentType,
    /** The exposition text: this app's metrics and the process's. */
    text: async () => `${await processMetrics().metrics()}\n${await registry.metrics()}`,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
