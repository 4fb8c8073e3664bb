/**
 * What the reader is told about the connection, through sonner itself: the real ChatSocket and the
 * real Toaster, with the socket's own lifecycle events played to it (what is under test is the
 * toasts, not the transport, which the server's socket suites and the journeys cover).
 */
import { act, render, waitFor } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { expect, it } from 'vitest';
import { ChatSocket } from './chat-socket.ts';
import { SOCKET_TEXTS } from './socket-errors.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// "Connection lost" (a warning) lasts 300 ms here, so a test can see it leave (sonner's exit takes
// 200 ms); the others stay long enough to be read.
const LOST_LIFETIME_MS = 300;

function socketWithToaster() {
  const view = render(<Toaster />);
  const chat = new ChatSocket({
    getToken: async () => 'token',
    notify: (t) => toast[t.level](t.message, { id: t.id, duration: t.level === 'warning' ? LOST_LIFETIME_MS : 5000 }),
    dismiss: (ids) => {
      for (const id of ids) toast.dismiss(id);
    },
    url: 'http://127.0.0.1:9',
  });
  const play = (event: 'connect' | 'disconnect', ...args: unknown[]) => {
    for (const listener of chat.socket.listeners(event)) (listener as (...a: unknown[]) => void)(...args);
  };
  const shown = () => view.container.textContent ?? '';
  return { chat, play, shown };
}

// Sonner's timers and animation frames drive the toasts: the test waits in real time, outside
// act(), whose queue would hold every render back until it ends.
it('replaces "Connection lost" with "Reconnected successfully!" when the connection comes back', async () => {
  const { chat, play, shown } = socketWithToaster();
  await act(async () => play('disconnect', 'transport close'));
  await waitFor(() => expect(shown()).toContain(SOCKET_TEXTS.connectionLost));
  await act(async () => play('connect'));
  await waitFor(() => expect(shown()).not.toContain(SOCKET_TEXTS.connectionLost));
  expect(shown()).toContain(SOCKET_TEXTS.reconnected);
  chat.close();
});

it('says the connection is back even when it comes back just as "Connection lost" is leaving', async () => {
  const { chat, play, shown } = socketWithToaster();
  await act(async () => play('disconnect', 'transport close'));
  await waitFor(() => expect(shown()).toContain(SOCKET_TEXTS.connectionLost));
  // The lost toast's time is up and it is in its exit when the connection returns. Updated in
  // place, it left with the new text in it, so "Reconnected" was gone before anyone could read it.
  await wait(LOST_LIFETIME_MS);
  await act(async () => play('connect'));
  await wait(400);
  expect(shown()).toContain(SOCKET_TEXTS.reconnected);
  chat.close();
});
