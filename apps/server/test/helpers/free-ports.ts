import { createServer, type Server } from 'node:net';

/**
 * `count` distinct free ports on 127.0.0.1, asked of the OS: all are held open at once (so no two
 * are the same), then released for the processes a test or bench starts on them.
 */
export async function freePorts(count: number) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}
