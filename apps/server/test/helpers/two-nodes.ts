/**
 * Two app nodes on one test database and Redis, as a small cluster: both listening and hearing
 * each other before the test goes on. Everything they open (and the sockets the test registers
 * in `sockets`) closes after the file's tests.
 */
import type { Socket } from 'socket.io-client';
import { afterAll } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { clusterReady } from './sockets.ts';

export type TwoNodes = { a: TestApp; b: TestApp; urlA: string; urlB: string };

/** Two nodes on `database` and the run's Redis, listening and hearing each other. */
export async function startTwoNodes(database: TestDatabase, env: Record<string, string> = {}): Promise<TwoNodes> {
  const nodeEnv = { REDIS_URL: process.env.TEST_REDIS_URL ?? '', ...env };
  const a = await buildTestApp(nodeEnv, database);
  const b = await buildTestApp(nodeEnv, database);
  const [urlA, urlB] = await Promise.all([
    a.listen({ port: 0, host: '127.0.0.1' }),
    b.listen({ port: 0, host: '127.0.0.1' }),
  ]);
  await clusterReady(a, b);
  await clusterReady(b, a);
  return { a, b, urlA, urlB };
}

/** Call at the top of a test file; `start` needs TEST_REDIS_URL. */
export function twoNodeCluster() {
  const apps: TestApp[] = [];
  const sockets: Socket[] = [];
  let database: TestDatabase | undefined;
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const app of apps) await app.close();
    await database?.close();
  });
  return {
    /** Single apps the file builds itself, closed with the rest. */
    apps,
    sockets,
    start: async (env: Record<string, string> = {}): Promise<TwoNodes> => {
      database = await createTestDatabase();
      const nodes = await startTwoNodes(database, env);
      apps.push(nodes.a, nodes.b);
      return nodes;
    },
  };
}
