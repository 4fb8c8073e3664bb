import { CONNECTION_STATES, type ConnectionState } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import {
  type ConnectionEvent,
  nextConnectionState,
  shouldAutoConnect,
  shouldDisconnect,
  shouldReconnectImmediately,
} from './connection-state.ts';

const run = (start: ConnectionState, ...events: ConnectionEvent[]) => events.reduce(nextConnectionState, start);

describe('nextConnectionState', () => {
  it('starts connecting only from disconnected or error', () => {
    expect(nextConnectionState('disconnected', { type: 'connect-start' })).toBe('connecting');
    expect(nextConnectionState('error', { type: 'connect-start' })).toBe('connecting');
    expect(nextConnectionState('connected', { type: 'connect-start' })).toBe('connected');
    expect(nextConnectionState('connecting', { type: 'connect-start' })).toBe('connecting');
    expect(nextConnectionState('reconnecting', { type: 'connect-start' })).toBe('reconnecting');
  });

  it('goes from connecting to connected on connect, or to error on a connect error', () => {
    expect(nextConnectionState('connecting', { type: 'connect' })).toBe('connected');
    expect(nextConnectionState('connecting', { type: 'connect-error' })).toBe('error');
  });

  it('stays reconnecting on a connect error because the manager keeps trying', () => {
    expect(nextConnectionState('reconnecting', { type: 'connect-error' })).toBe('reconnecting');
  });

  it('sets disconnected on any disconnect, whatever the reason', () => {
    for (const state of CONNECTION_STATES) {
      expect(nextConnectionState(state, { type: 'disconnect', reason: 'io server disconnect' })).toBe('disconnected');
      expect(nextConnectionState(state, { type: 'disconnect', reason: 'transport close' })).toBe('disconnected');
    }
  });

  it('sets reconnecting on an attempt, connected on success and error when all attempts fail', () => {
    expect(nextConnectionState('disconnected', { type: 'reconnect-attempt' })).toBe('reconnecting');
    expect(nextConnectionState('reconnecting', { type: 'reconnect' })).toBe('connected');
    expect(nextConnectionState('reconnecting', { type: 'reconnect-failed' })).toBe('error');
  });

  it('sets connected on connect from every state', () => {
    for (const state of CONNECTION_STATES) {
      expect(nextConnectionState(state, { type: 'connect' })).toBe('connected');
    }
  });

  it('follows a full lost-and-recovered session', () => {
    expect(
      run(
        'disconnected',
        { type: 'connect-start' },
        { type: 'connect' },
        { type: 'disconnect', reason: 'transport close' },
        { type: 'reconnect-attempt' },
        { type: 'connect-error' },
        { type: 'reconnect-attempt' },
        { type: 'reconnect' },
      ),
    ).toBe('connected');
    expect(
      run(
        'connected',
        { type: 'disconnect', reason: 'ping timeout' },
        { type: 'reconnect-attempt' },
        { type: 'connect-error' },
        { type: 'reconnect-failed' },
        { type: 'connect-start' },
      ),
    ).toBe('connecting');
  });
});

describe('connection policy', () => {
  it('reconnects immediately only when the server closed the connection', () => {
    expect(shouldReconnectImmediately('io server disconnect')).toBe(true);
    for (const reason of ['io client disconnect', 'transport close', 'transport error', 'ping timeout', '']) {
      expect(shouldReconnectImmediately(reason)).toBe(false);
    }
  });

  it('connects automatically only when authenticated and disconnected', () => {
    expect(shouldAutoConnect(true, 'disconnected')).toBe(true);
    for (const state of CONNECTION_STATES.filter((s) => s !== 'disconnected')) {
      expect(shouldAutoConnect(true, state)).toBe(false);
    }
    for (const state of CONNECTION_STATES) {
      expect(shouldAutoConnect(false, state)).toBe(false);
    }
  });

  it('disconnects when the user is not authenticated', () => {
    expect(shouldDisconnect(false)).toBe(true);
    expect(shouldDisconnect(true)).toBe(false);
  });
});
