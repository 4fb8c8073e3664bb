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
import type { AppUser } from '../modules/auth/authenticate.ts';

type Ack = (answer: SocketAck) => void;

export type Listener = (this: Socket, ...args: unknown[]) => void;
/** A feature's client events with their listeners, and what it does when a socket leaves. */
export type SocketFeature = { events: [event: string, listener: Listener][]; disconnect?: (socket: Socket) => void };

/** The signed-in user a socket belongs to (set by the handshake). */
export const socketUser = (socket: Socket) => socket.data.user as AppUser;

export function handler<T extends z.ZodType>(
  schema: T,
  work: (socket: Socket, payload: z.infer<T>) => Promise<unknown>,
): Listener {
  return async function (this: Socket, payload: unknown, ack?: unknown) {
    const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => {};
    const parsed = schema.safeParse(payload);
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
        },
      });
      return;
    }
    try {
      reply({ ok: true, data: (await work(this, parsed.data)) ?? null });
    } catch (error) {
      if (error instanceof HttpError)
        reply({ ok: false, error: { statusCode: error.statusCode, message: error.message } });
      else reply({ ok: false, error: { statusCode: 500, message: 'Internal server error' } });
    }
  };
}
