/** Real socket.io-client connections for tests, signed in through the identity endpoint. */
import type { SocketAck } from '@fieldhouse/shared';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestApp } from './app.ts';
import { signInAs } from './factories.ts';

/** Opens a websocket as `person`; `track` collects sockets for the test to close. */
export async function openSocket(
  app: TestApp,
  url: string,
  person: { email: string },
  track: Socket[],
  extra: Parameters<typeof connect>[1] = {},
) {
  const { idToken } = await signInAs(app, person.email);
  const socket = connect(url, { transports: ['websocket'], reconnection: false, auth: { idToken }, ...extra });
  track.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export const emitWithAck = <T>(socket: Socket, event: string, payload: unknown) =>
  new Promise<SocketAck<T>>((resolve) => socket.emit(event, payload, (answer: SocketAck<T>) => resolve(answer)));

export const nextEvent = <T>(socket: Socket, event: string, timeout = 2000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeout} ms`)), timeout);
    socket.once(event, (value: T) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

/** Resolves once node `b` hears node `a` through the Redis streams adapter (it starts reading a moment after start-up). */
export async function clusterReady(a: TestApp, b: TestApp) {
  const heard = new Promise((resolve) => b.io.on('cluster:ready', resolve));
  const timer = setInterval(() => a.io.serverSideEmit('cluster:ready'), 100);
  await heard.finally(() => clearInterval(timer));
}

/**
 * Lets a test act while a handshake has passed the app's own check but is not yet a registered
 * socket: the middleware added here runs after the app's. `hold()` catches the next handshake;
 * `held` resolves once it waits, `release()` lets it connect.
 */
export function handshakeGate(app: TestApp) {
  let holding: { arrived: () => void; released: Promise<void> } | undefined;
  app.io.use((_socket, next) => {
    const caught = holding;
    holding = undefined;
    if (!caught) return next();
    caught.arrived();
    void caught.released.then(() => next());
  });
  return {
    hold() {
      let arrived = () => {};
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holding = { arrived, released };
      return { held, release };
    },
  };
}
