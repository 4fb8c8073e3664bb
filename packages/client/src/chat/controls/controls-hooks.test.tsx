import { type ChatMessage, MESSAGE_EDIT_WINDOW_MS, type Poll, SOCKET_EVENTS } from '@fieldhouse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMessageControls } from './use-message-controls.ts';
import { usePollVote } from './use-poll-vote.ts';

const { request, storeMessageChange } = vi.hoisted(() => ({ request: vi.fn(), storeMessageChange: vi.fn() }));
vi.mock('../realtime/chat-provider.tsx', () => ({ useChat: () => ({ socket: { request }, viewerId: 3 }) }));
vi.mock('../realtime/message-change.ts', () => ({ storeMessageChange }));
vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

const NOW = Date.UTC(2024, 0, 5, 12, 0);
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const message = (overrides: Partial<ChatMessage> = {}) =>
  ({
    id: 9,
    messageType: 'TEXT',
    unsent: false,
    createdAt: new Date(NOW - 60_000).toISOString(),
    ...overrides,
  }) as ChatMessage;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('useMessageControls', () => {
  it('offers changes on one’s own text message until the window closes', () => {
    const { result } = renderHook(() => useMessageControls(message(), true), { wrapper });
    expect(result.current.canChange).toBe(true);
    act(() => {
      vi.advanceTimersByTime(MESSAGE_EDIT_WINDOW_MS);
    });
    expect(result.current.canChange).toBe(false);
  });

  it('offers none on someone else’s, a poll, an unsent or an old message', () => {
    const old = new Date(NOW - MESSAGE_EDIT_WINDOW_MS - 1).toISOString();
    for (const [m, own] of [
      [message(), false],
      [message({ messageType: 'POLL' }), true],
      [message({ unsent: true }), true],
      [message({ createdAt: old }), true],
    ] as const)
      expect(renderHook(() => useMessageControls(m, own), { wrapper }).result.current.canChange).toBe(false);
  });

  it('sends the edit and stores the answer; a refusal is a toast and rejects', async () => {
    const answer = message({ content: 'new' });
    request.mockResolvedValueOnce(answer);
    const { result } = renderHook(() => useMessageControls(message(), true), { wrapper });
    await result.current.edit('new');
    expect(request).toHaveBeenCalledWith(SOCKET_EVENTS.messageEdit, { messageId: 9, content: 'new' });
    expect(storeMessageChange).toHaveBeenCalledWith(expect.anything(), answer);

    request.mockRejectedValueOnce(new Error('Too late to change this message'));
    await expect(result.current.unsend()).rejects.toThrow();
    expect(request).toHaveBeenLastCalledWith(SOCKET_EVENTS.messageUnsend, { messageId: 9 });
    expect(toast.error).toHaveBeenCalledWith('Too late to change this message');
  });
});

describe('usePollVote', () => {
  const poll: Poll = {
    id: 4,
    question: 'Kit?',
    multipleChoice: false,
    closesAt: null,
    options: [
      { id: 1, text: 'Red', votes: 1, voterIds: [3] },
      { id: 2, text: 'Blue', votes: 0, voterIds: [] },
    ],
  };

  it('moves the viewer’s vote to the option tapped', async () => {
    request.mockResolvedValueOnce({});
    const { result } = renderHook(() => usePollVote(poll), { wrapper });
    expect(result.current.mine).toEqual([1]);
    await act(async () => result.current.vote(2));
    expect(request).toHaveBeenCalledWith(SOCKET_EVENTS.pollVote, { pollId: 4, optionIds: [2] });
  });

  it('does not vote in a closed poll', () => {
    const closed = { ...poll, closesAt: new Date(NOW - 1).toISOString() };
    const { result } = renderHook(() => usePollVote(closed), { wrapper });
    result.current.vote(2);
    expect(request).not.toHaveBeenCalled();
  });
});
