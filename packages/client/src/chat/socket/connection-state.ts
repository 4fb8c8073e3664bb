/**
 * The chat socket's connection state machine (SPEC §4, "Socket connection"), kept free of
 * React and socket.io so the provider only forwards events and every transition is unit-tested.
 */
import type { ConnectionState } from '@fieldhouse/shared';

export type ConnectionEvent =
  | { type: 'connect-start' }
  | { type: 'connect' }
  | { type: 'connect-error' }
  | { type: 'disconnect'; reason: string }
  | { type: 'reconnect-attempt' }
  | { type: 'reconnect' }
  | { type: 'reconnect-failed' };

/** socket.io's disconnect reason when the server called `socket.disconnect()`. */
export const SERVER_DISCONNECT_REASON = 'io server disconnect';

export function nextConnectionState(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case 'connect-start':
      // Only an idle or failed socket starts a new attempt; a live or retrying one keeps its state.
      return state === 'disconnected' || state === 'error' ? 'connecting' : state;
    case 'connect':
    case 'reconnect':
      return 'connected';
    case 'connect-error':
      // The manager keeps trying after a failed reconnect attempt; only reconnect-failed ends it.
      return state === 'reconnecting' ? 'reconnecting' : 'error';
    case 'disconnect':
      return 'disconnected';
    case 'reconnect-attempt':
      return 'reconnecting';
    case 'reconnect-failed':
      return 'error';
  }
}

/**
 * socket.io does not reconnect by itself after a server-side disconnect, so the client does
 * it at once (SPEC §4). Every other reason is left to the manager's own backoff.
 */
export function shouldReconnectImmediately(reason: string): boolean {
  return reason === SERVER_DISCONNECT_REASON;
}

export function shouldAutoConnect(authenticated: boolean, state: ConnectionState): boolean {
  return authenticated && state === 'disconnected';
}

export function shouldDisconnect(authenticated: boolean): boolean {
  return !authenticated;
}
