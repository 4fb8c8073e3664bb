/**
 * The provider is shared by the front ends, and routes are each app's own: a message toast's
 * "Open" and the way out of a room the viewer was removed from go through the app's
 * ChatNavigation. The socket is a fake that lets the test play server events.
 */
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../api-client.ts';
import type { HistoryPage, RoomListPage } from '../cache/chat-cache.ts';
import { chatKeys } from '../cache/chat-queries.ts';
import { type ChatNavigation, ChatProvider } from './chat-provider.tsx';

// Hoisted with the mocks below, which run before the imports.
const { sockets, FakeSocket } = vi.hoisted(() => {
  const sockets: InstanceType<typeof FakeSocket>[] = [];
  class FakeSocket {
    readonly handlers = new Map<string, ((payload: unknown) => void)[]>();
    currentRoom: number | null = null;
    state = 'disconnected';
    connected = false;
    constructor() {
      sockets.push(this);
    }
    on(event: string, handler: (payload: unknown) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return () => {};
    }
    /** Plays a server event to every listener. */
    play(event: string, payload: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    }
    subscribe() {
      return () => {};
    }
    connect = async () => {};
    close() {}
    request = async () => ({});
    emit() {}
  }
  return { sockets, FakeSocket };
});

vi.mock('../socket/chat-socket.ts', () => ({ ChatSocket: FakeSocket }));
vi.mock('../../api-client.ts', () => ({ apiGet: vi.fn(), apiPost: vi.fn(async () => ({})) }));
vi.mock('../../web-config.ts', () => ({ webConfig: () => undefined }));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));
vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn(), {
    message: vi.fn(),
    info: vi.fn(),
    success: vi.fn(),
    warning: vi.fn(),
    error: vi.fn(),
    dismiss: vi.fn(),
  }),
}));

const VIEWER = 1;

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const navigation: ChatNavigation = { openRoom: vi.fn(), showRoomList: vi.fn(async () => {}) };
  render(
    <QueryClientProvider client={queryClient}>
      <ChatProvider viewerId={VIEWER} navigation={navigation}>
        <p>chat</p>
      </ChatProvider>
    </QueryClientProvider>,
  );
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket');
  return { queryClient, navigation, socket };
}

const message = (roomId: number) =>
  ({
    id: 10,
    chatRoom: { id: roomId },
    sender: { id: 2, firstName: 'Avery', lastName: 'Cole' },
    content: 'Bus leaves at 3:15',
    media: [],
  }) as unknown as ChatMessage;

afterEach(() => {
  sockets.length = 0;
  vi.clearAllMocks();
});

describe('ChatProvider', () => {
  it('opens a room from a message toast through the app’s navigation', () => {
    const { navigation, socket } = mount();
    act(() => socket.play(SOCKET_EVENTS.chatMessageReceived, message(7)));
    const [text, options] = vi.mocked(toast.message).mock.calls[0] ?? [];
    expect(text).toBe('New message from Avery Cole');
    const action = (options as { action: { label: string; onClick: () => void } }).action;
    expect(action.label).toBe('Open');
    action.onClick();
    // No loaded room list holds the room: the first tab.
    expect(navigation.openRoom).toHaveBeenCalledWith(7, 'COACHES');
  });

  it('takes a second copy of a message in once: no second unread or toast', async () => {
    const { socket, queryClient } = mount();
    const key = chatKeys.roomList('COACHES', '');
    const list: InfiniteData<RoomListPage> = {
      pages: [
        {
          result: [
            { chatId: 7, unread: 0, lastMessage: null, counterpart: { id: 2 } } as unknown as RoomListPage['result'][0],
          ],
          paginationInfo: { page: 1, limit: 20, total: 1, totalPages: 1 } as unknown as RoomListPage['paginationInfo'],
        },
      ],
      pageParams: [1],
    };
    queryClient.setQueryData(key, list);
    const unread = () => queryClient.getQueryData<InfiniteData<RoomListPage>>(key)?.pages[0]?.result[0]?.unread;
    // The server delivers a resend again (its first delivery may have been lost).
    act(() => socket.play(SOCKET_EVENTS.chatMessageReceived, message(7)));
    act(() => socket.play(SOCKET_EVENTS.chatMessageReceived, message(7)));
    expect(unread()).toBe(1);
    expect(toast.message).toHaveBeenCalledTimes(1);

    // A message a catch-up read from history, then live as well (it was in flight), is not new either.
    queryClient.setQueryData(chatKeys.history(7, undefined), {
      pages: [{ messages: [message(7)], hasOlder: false, hasNewer: false }],
      pageParams: [{}],
    });
    const caughtUp = { ...message(7), id: 11 };
    vi.mocked(apiGet).mockImplementation(async (_path: string, query?: Record<string, unknown>) => ({
      data: { messages: query?.after === undefined ? [message(7), caughtUp] : [], hasOlder: false, hasNewer: false },
    }));
    socket.play('connect', undefined);
    socket.play('connect', undefined);
    await vi.waitFor(() =>
      expect(
        queryClient
          .getQueryData<InfiniteData<HistoryPage>>(chatKeys.history(7, undefined))
          ?.pages[0]?.messages.map((m) => m.id),
      ).toEqual([10, 11]),
    );
    act(() => socket.play(SOCKET_EVENTS.chatMessageReceived, caughtUp));
    expect(toast.message).toHaveBeenCalledTimes(1);
  });

  it('leaves the open room the viewer was removed from for the list, then drops its caches', async () => {
    const { navigation, socket, queryClient } = mount();
    queryClient.setQueryData(chatKeys.room(7), { id: 7 });
    socket.currentRoom = 7;
    await act(async () => socket.play(SOCKET_EVENTS.roomUpdate, { roomId: 7, removed: true }));
    expect(toast.info).toHaveBeenCalledWith('You are no longer in this conversation.');
    expect(navigation.showRoomList).toHaveBeenCalledWith('COACHES');
    expect(queryClient.getQueryData(chatKeys.room(7))).toBeUndefined();
  });

  it('catches every loaded room up from where its live messages stopped, though others arrive meanwhile', async () => {
    const { socket, queryClient } = mount();
    const stored = (roomId: number, id: number) => ({ ...message(roomId), id, content: `#${id}` });
    const history = (messages: ChatMessage[]): InfiniteData<HistoryPage> => ({
      pages: [{ messages, hasOlder: false, hasNewer: false }],
      pageParams: [{}],
    });
    // Room 7 was read up to 100 and room 8 up to 200 when the connection dropped.
    queryClient.setQueryData(chatKeys.history(7, undefined), history([stored(7, 100)]));
    queryClient.setQueryData(chatKeys.history(8, undefined), history([stored(8, 200)]));
    // While away, room 8 got 201…450: more than the newest page of 100 holds.
    const room8 = Array.from({ length: 250 }, (_, i) => stored(8, 201 + i));
    let live: ChatMessage | undefined;
    let releaseRoom7 = () => {};
    const room7Answered = new Promise<void>((resolve) => {
      releaseRoom7 = resolve;
    });
    vi.mocked(apiGet).mockImplementation(async (path: string, query?: Record<string, unknown>) => {
      const page = (messages: ChatMessage[], hasNewer: boolean) => ({
        data: { messages, hasOlder: false, hasNewer },
      });
      if (path === '/chat/rooms/7/messages') {
        await room7Answered;
        return page([], false);
      }
      const all = [...room8, ...(live ? [live] : [])];
      const after = query?.after as number | undefined;
      if (after === undefined) return page(all.slice(-100), false);
      const next = all.filter((m) => m.id > after).slice(0, 100);
      return page(
        next,
        all.some((m) => m.id > (next.at(-1)?.id ?? after)),
      );
    });

    socket.play('connect', undefined);
    socket.play('connect', undefined);
    // Room 7 is still catching up when room 8's next message arrives live.
    live = stored(8, 500);
    act(() => socket.play(SOCKET_EVENTS.chatMessageReceived, live));
    await act(async () => releaseRoom7());

    await vi.waitFor(() => {
      const ids = queryClient
        .getQueryData<InfiniteData<HistoryPage>>(chatKeys.history(8, undefined))
        ?.pages.flatMap((p) => p.messages.map((m) => m.id));
      expect(ids).toEqual([200, ...room8.map((m) => m.id), 500]);
    });
  });
});
