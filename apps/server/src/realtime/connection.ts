/**
 * What every new socket gets: one catch-all listener that looks the event up in the server's
 * table, one disconnect listener, and an online status. The table is made once per server, so
 * a connection costs two listener slots, not one per event (bench/idle-sockets.ts); so is the
 * batcher of absent members' notifications.
 */
import type { SocketAck } from '@fieldhouse/shared';
import type { Socket } from 'socket.io';
import { createAbsentNotifier } from '../modules/chat/absent-notifier.ts';
import { type Listener, setSocketServerHooks } from './ack-handler.ts';
import { type ChatDeps, chatFeature } from './chat-handlers.ts';
import { messageControlFeature } from './message-control-handlers.ts';
import { pollFeature } from './poll-handlers.ts';
import { presenceFeature } from './presence-handlers.ts';

export function connectionHandler(given: Omit<ChatDeps, 'notifyAbsent'>): (socket: Socket) => void {
  const deps = { ...given, notifyAbsent: createAbsentNotifier(given) };
  const presence = presenceFeature(deps);
  const features = [presence, chatFeature(deps), pollFeature(deps), messageControlFeature(deps)];
  const table = new Map<string, Listener>(features.flatMap((feature) => feature.events));
  setSocketServerHooks(deps.io, { log: deps.log, track: deps.track });

  function dispatch(this: Socket, event: string, ...args: unknown[]) {
    const listener = table.get(event);
    if (listener) return listener.apply(this, args);
    // An event nobody handles still gets an answer when the client waits for one.
    const ack = args.at(-1);
    if (typeof ack === 'function')
      (ack as (answer: SocketAck) => void)({
        ok: false,
        error: { statusCode: 404, message: `Unknown event: ${String(event).slice(0, 100)}`, id: 'unknown_event' },
      });
  }
  function disconnect(this: Socket) {
    for (const feature of features) feature.disconnect?.(this);
  }

  return (socket) => {
    socket.onAny(dispatch);
    socket.on('disconnect', disconnect);
    presence.connected(socket);
  };
}
