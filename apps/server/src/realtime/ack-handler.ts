/**
 * Every client → server event goes through `handler`: it validates the payload with the
 * event's zod schema and answers with an ack `{ok, data} | {ok:false, error}`, so nothing a
 * client sends can crash the server or go unanswered.
 *
 * Listeners are made once per server and shared by every socket: they are called with their
 * socket as `this`, so a connection adds no closures (bench/idle-sockets.ts).
 */
import type { SocketAck } from '@fieldhouse/shared';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { HttpError } from '../errors.ts';
import { databaseInputError } from '../http/database-errors.ts';
import { IdentityError, identityHttpError } from '../identity/errors.ts';
import type { AppUser } from '../modules/auth/authenticate.ts';
import { whenFresh } from './fresh-users.ts';

type Ack = (answer: SocketAck) => void;

export type Listener = (this: Socket, ...args: unknown[]) => void;
/** A feature's client events with their listeners, and what it does when a socket leaves. */
export type SocketFeature = { events: [event: string, listener: Listener][]; disconnect?: (socket: Socket) => void };

type Log = { error: (o: object, m: string) => void };
type ServerHooks = {
  log: Log;
  /** Holds shutdown until the event's work is done: a message stored must also go out. */
  track?: <T>(work: Promise<T>) => Promise<T>;
};
/**
 * Each Socket.IO server's logger and shutdown tracker, set once by connection.ts. Kept beside the
 * server rather than in `socket.data`, which other nodes receive (msgpack) through `fetchSockets`
 * and which must therefore hold plain data only.
 */
const serverHooks = new WeakMap<object, ServerHooks>();
export const setSocketServerHooks = (server: object, hooks: ServerHooks) => serverHooks.set(server, hooks);
export const socketLog = (socket: Socket) => serverHooks.get(socket.nsp.server)?.log;

/** The signed-in user a socket belongs to (set by the handshake). */
export const socketUser = (socket: Socket) => socket.data.user as AppUser;

export function handler<T extends z.ZodType>(
  schema: T,
  work: (socket: Socket, payload: z.infer<T>) => Promise<unknown>,
): Listener {
  async function run(socket: Socket, args: unknown[]) {
    // Socket.IO puts the ack last, after whatever the client sent: `emit(event, ack)` has no payload.
    const last = args.at(-1);
    const reply: Ack = typeof last === 'function' ? (last as Ack) : () => {};
    const sent = typeof last === 'function' ? args.slice(0, -1) : args;
    if (sent.length > 1) {
      reply({
        ok: false,
        error: { statusCode: 400, message: 'Invalid payload: send one payload', id: 'validation_failed' },
      });
      return;
    }
    const parsed = schema.safeParse(sent[0]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      reply({
        ok: false,
        error: {
          statusCode: 400,
          message:
            issue?.message === 'Message too long or invalid'
              ? issue.message
              : `Invalid payload: ${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`,
          id: 'validation_failed',
        },
      });
      return;
    }
    try {
      // A change to the person (role, status, rooms) is applied to this socket before anything runs.
      await whenFresh(socket);
      if (!socket.connected) throw new HttpError(401, 'Unauthorized', 'unauthorized');
      reply({ ok: true, data: (await work(socket, parsed.data)) ?? null });
    } catch (error) {
      // The same contract as REST (http/error-handler.ts): a stable id, and every 5xx logged with its stack.
      const known = error instanceof IdentityError ? identityHttpError(error) : (databaseInputError(error) ?? error);
      const answer =
        known instanceof HttpError
          ? { statusCode: known.statusCode, message: known.message, id: known.id }
          : { statusCode: 500, message: 'Internal server error', id: 'internal' };
      if (answer.statusCode >= 500)
        socketLog(socket)?.error({ err: error, errorId: answer.id, socketId: socket.id }, 'event failed');
      reply({ ok: false, error: answer });
    }
  }
  return function (this: Socket, ...args: unknown[]) {
    // `run` answers every error itself; tracked, a shutdown waits for it.
    const done = run(this, args);
    void serverHooks.get(this.nsp.server)?.track?.(done);
  };
}
