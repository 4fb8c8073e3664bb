/**
 * Socket.IO on the app's own HTTP server. With REDIS_URL set, the Redis streams adapter lets
 * several nodes share rooms and broadcasts. Handshake authentication lives in `authenticate`.
 */
import type { Server as HttpServer } from 'node:http';
import { SOCKET } from '@fieldhouse/shared';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';

export type SocketServer = {
  io: Server;
  close: () => Promise<void>;
};

export type SocketServerOptions = {
  redisUrl?: string | undefined;
  corsOrigins: string[];
  log: FastifyBaseLogger;
};

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
    ...(redis ? { adapter: createAdapter(redis) } : {}),
  });
  return {
    io,
    close: async () => {
      await io.close();
      if (redis?.isOpen) await redis.quit();
    },
  };
}
