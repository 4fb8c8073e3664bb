/**
 * Real-time chat for the signed-in area: one socket, the outbox, typing and presence stores,
 * and every server event turned into cache updates and toasts (SPEC §4). Connects when a user
 * is signed in and closes on sign-out. Shared by the front ends: where a room or the room list
 * lives is each app's routing, so the app hands it in (`ChatNavigation`).
 */

import {
  CHAT,
  type ChatMessage,
  emptyTabs,
  type Notification,
  type PollUpdate,
  type PresenceSnapshot,
  type ReadUpdate,
  type RoomUpdate,
  SOCKET_EVENTS,
  type TabValue,
} from '@fieldhouse/shared';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { apiGet } from '../../api-client.ts';
import { webConfig } from '../../web-config.ts';
import {
  appendToHistory,
  applyMessageToRoomList,
  applyPollUpdate,
  type HistoryPage,
  lastMessageId,
  markRoomReadInList,
  type RoomListPage,
} from '../cache/chat-cache.ts';
import { chatKeys, markRoomRead } from '../cache/chat-queries.ts';
import { storeReadPosition } from '../receipts/store-read.ts';
import { ChatSocket, type SocketToast } from '../socket/chat-socket.ts';
import { createErrorReporter } from '../socket/error-reporter.ts';
import { Outbox, type OutboxChannel } from '../socket/outbox.ts';
import { HeardMessages } from './heard-messages.ts';
import { storeMessageChange } from './message-change.ts';
import { PresenceStore } from './presence-store.ts';
import { TypingStore } from './typing-store.ts';

/** The app's chat screens, for the toasts' "Open" and for leaving a room the viewer was removed from. */
export type ChatNavigation = {
  /** Shows a room; `tab` is the tab whose loaded list holds it. */
  openRoom: (roomId: number, tab: TabValue) => void;
  /** Shows the room list on `tab`; settles once the room is off screen, so its caches can go. */
  showRoomList: (tab: TabValue) => Promise<unknown>;
  /** False while the screen already shows new messages as they come (the member app's Chats tab): no toast. */
  toastMessages?: (() => boolean) | undefined;
  /** The server has a room as read: an app refreshes the counts of its own lists (the member app's). */
  onRead?: ((roomId: number) => void) | undefined;
};

export type Chat = {
  socket: ChatSocket;
  outbox: Outbox;
  typing: TypingStore;
  presence: PresenceStore;
  viewerId: number;
  /** Marks a room read on the server and in the caches (it is on screen). */
  markRead: (roomId: number) => void;
};

const ChatContext = createContext<Chat | null>(null);

export function useChat(): Chat {
  const chat = useContext(ChatContext);
  if (!chat) throw new Error('useChat needs <ChatProvider>');
  return chat;
}

export function useConnectionState() {
  const { socket } = useChat();
  return useSyncExternalStore(
    (listener) => socket.subscribe(listener),
    () => socket.state,
  );
}

const getToken = async () => (await fetchAuthSession()).tokens?.idToken?.toString();

function showToast(t: SocketToast) {
  const options = {
    id: t.id,
    duration: t.durationMs,
    description: t.description,
    ...(t.action === 'refresh' ? { action: { label: 'Refresh', onClick: () => window.location.reload() } } : {}),
  };
  if (t.level === 'success') toast.success(t.message, options);
  else if (t.level === 'warning') toast.warning(t.message, options);
  else toast.error(t.message, options);
}

function channelOf(socket: ChatSocket): OutboxChannel {
  return {
    get connected() {
      return socket.connected;
    },
    request: (event, payload, timeoutMs) => socket.request(event, payload, timeoutMs),
    emit: (event, payload) => socket.emit(event, payload),
    onDisconnect: (callback) => socket.on('disconnect', callback),
    onConnect: (callback) => socket.on('connect', callback),
  };
}

/** Puts a message into every cache that shows it; true when some loaded room list had the room. */
function storeMessage(queryClient: QueryClient, message: ChatMessage, viewerId: number, openRoom: number | null) {
  const roomId = message.chatRoom.id;
  queryClient.setQueriesData<InfiniteData<HistoryPage>>({ queryKey: chatKeys.histories(roomId) }, (data) =>
    data ? appendToHistory(data, message) : data,
  );
  let found = false;
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<RoomListPage>>({
    queryKey: chatKeys.roomLists(),
  })) {
    if (!data) continue;
    const applied = applyMessageToRoomList(data, message, { viewerId, isOpen: openRoom === roomId });
    if (applied.found) {
      found = true;
      queryClient.setQueryData(key, applied.data);
    }
  }
  return found;
}

/** The tab whose loaded list holds a room, so a toast's "Open" lands on the right tab. */
function tabOfRoom(queryClient: QueryClient, roomId: number): TabValue {
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<RoomListPage>>({
    queryKey: chatKeys.roomLists(),
  }))
    if (data?.pages.some((p) => p.result.some((item) => item.chatId === roomId))) return key[2] as TabValue;
  return 'COACHES';
}

/**
 * After a reconnect: every loaded history fetches what it missed. The newest page is merged
 * first, because live announcements may arrive a few ms out of id order, so a message older
 * than the last one seen can still be missing; then, if more than a page was missed, the rest
 * comes forwards from the last seen id. Lists and counts refetch.
 */
async function catchUp(queryClient: QueryClient, heard: HeardMessages) {
  const merge = (key: readonly unknown[], messages: ChatMessage[]) => {
    for (const m of messages) heard.first(m.id);
    queryClient.setQueryData<InfiniteData<HistoryPage>>(key, (current) =>
      messages.reduce<InfiniteData<HistoryPage> | undefined>(
        (acc, m) => (acc ? appendToHistory(acc, m) : acc),
        current,
      ),
    );
  };
  const page = async (roomId: number, query: Record<string, number>) =>
    (await apiGet<{ data: HistoryPage }>(`/chat/rooms/${roomId}/messages`, { ...query, limit: 100 })).data;
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<HistoryPage>>({
    queryKey: chatKeys.histories(),
  })) {
    const roomId = key[2] as number;
    let after = lastMessageId(data);
    if (!data || after === undefined || data.pages.at(-1)?.hasNewer) continue;
    const newest = await page(roomId, {});
    merge(key, newest.messages);
    // The gap is larger than the newest page: walk forwards from the last seen message.
    for (let more = (newest.messages[0]?.id ?? 0) > after; more; ) {
      const next = await page(roomId, { after });
      merge(key, next.messages);
      after = next.messages.at(-1)?.id ?? after;
      more = next.hasNewer && next.messages.length > 0 && (newest.messages[0]?.id ?? 0) > after;
    }
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() }),
    queryClient.invalidateQueries({ queryKey: chatKeys.tabs() }),
    queryClient.invalidateQueries({ queryKey: chatKeys.notifications() }),
    // Read receipts missed while away come with the room detail, next time a room opens. Not
    // refetched now: a room the viewer was removed from while away would answer 403 (a sign-out).
    queryClient.invalidateQueries({ queryKey: chatKeys.rooms(), refetchType: 'none' }),
  ]);
}

/**
 * `navigation` should be stable (memoized): a new one reconnects the socket. `resumed`: the cache
 * started from a stored copy (the member app offline), so the first connection catches up as a
 * reconnect does; read once, when the provider mounts.
 */
export function ChatProvider({
  viewerId,
  navigation,
  resumed = false,
  children,
}: {
  viewerId: number;
  navigation: ChatNavigation;
  resumed?: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const startedFromCopy = useRef(resumed);
  const [chat, setChat] = useState<Chat | null>(null);

  useEffect(() => {
    const config = webConfig();
    const socket = new ChatSocket({
      getToken,
      notify: showToast,
      dismiss: (ids) => {
        for (const id of ids) toast.dismiss(id);
      },
      reporter: createErrorReporter({ sentryDsn: config?.sentryDsn }),
      path: config?.socketPath,
    });
    const outbox = new Outbox(channelOf(socket), (message) =>
      storeMessage(queryClient, message, viewerId, socket.currentRoom),
    );
    const heard = new HeardMessages();
    const typing = new TypingStore();
    const presence = new PresenceStore();
    const readTimers = new Map<number, ReturnType<typeof setTimeout>>();
    const markRead = (roomId: number) => {
      clearTimeout(readTimers.get(roomId));
      for (const [key, data] of queryClient.getQueriesData<InfiniteData<RoomListPage>>({
        queryKey: chatKeys.roomLists(),
      }))
        if (data) queryClient.setQueryData(key, markRoomReadInList(data, roomId));
      // Bursts of messages in the open room mark it read once.
      readTimers.set(
        roomId,
        setTimeout(() => {
          markRoomRead(roomId)
            .then(() => {
              navigation.onRead?.(roomId);
              return queryClient.invalidateQueries({ queryKey: chatKeys.tabs() });
            })
            .catch(() => {});
        }, 300),
      );
    };

    let connectedBefore = startedFromCopy.current;
    const offs = [
      socket.on('connect', () => {
        if (connectedBefore) void catchUp(queryClient, heard).catch(() => {});
        connectedBefore = true;
      }),
      socket.on<ChatMessage>(SOCKET_EVENTS.chatMessageReceived, (message) => {
        // A copy of one already taken in: merged by id, it would only count it unread again.
        if (!heard.first(message.id)) return;
        const roomId = message.chatRoom.id;
        const isOpen = socket.currentRoom === roomId;
        const found = storeMessage(queryClient, message, viewerId, socket.currentRoom);
        if (!found) void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
        if (message.sender.id === viewerId) return;
        // Sending marks the sender's own position (the server does so), so it is a read receipt too.
        storeReadPosition(queryClient, roomId, message.sender.id, message.id);
        if (isOpen) {
          markRead(roomId);
          return;
        }
        if (navigation.toastMessages?.() === false) return;
        const name = [message.sender.firstName, message.sender.lastName].filter(Boolean).join(' ') || 'Someone';
        toast.message(`New message from ${name}`, {
          id: `message-${roomId}`,
          description: message.content.slice(0, 140) || (message.media.length ? 'Sent an attachment' : ''),
          action: {
            label: 'Open',
            onClick: () => navigation.openRoom(roomId, tabOfRoom(queryClient, roomId)),
          },
        });
      }),
      // Who is in a room (or its hold) changed. A room the viewer left is dropped, never refetched:
      // its 403 would read as a sign-out (SPEC §8).
      socket.on<RoomUpdate>(SOCKET_EVENTS.roomUpdate, ({ roomId, removed }) => {
        if (removed) {
          if (socket.currentRoom === roomId) {
            toast.info('You are no longer in this conversation.');
            void navigation.showRoomList(tabOfRoom(queryClient, roomId)).then(() => {
              queryClient.removeQueries({ queryKey: chatKeys.room(roomId) });
              queryClient.removeQueries({ queryKey: chatKeys.histories(roomId) });
            });
          } else {
            queryClient.removeQueries({ queryKey: chatKeys.room(roomId) });
            queryClient.removeQueries({ queryKey: chatKeys.histories(roomId) });
          }
        } else void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
        void queryClient.invalidateQueries({ queryKey: chatKeys.tabs() });
      }),
      socket.on(SOCKET_EVENTS.tabUnreadCountUpdate, () => {
        // SPEC §4: the update resets the tabs to zero; the refetch brings the true counts.
        queryClient.setQueryData(chatKeys.tabs(), emptyTabs());
        void queryClient.invalidateQueries({ queryKey: chatKeys.tabs() });
      }),
      socket.on<Notification>(SOCKET_EVENTS.notification, (notification) => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.notifications() });
        if (notification.type !== 'message') toast.info(notification.title, { description: notification.message });
      }),
      socket.on<ChatMessage>(SOCKET_EVENTS.messageUpdated, (message) => storeMessageChange(queryClient, message)),
      socket.on<ReadUpdate>(SOCKET_EVENTS.readUpdate, ({ roomId, userId, lastReadMessageId }) =>
        storeReadPosition(queryClient, roomId, userId, lastReadMessageId),
      ),
      socket.on<PollUpdate>(SOCKET_EVENTS.pollUpdate, ({ roomId, messageId, poll }) =>
        queryClient.setQueriesData<InfiniteData<HistoryPage>>({ queryKey: chatKeys.histories(roomId) }, (data) =>
          data ? applyPollUpdate(data, messageId, poll) : data,
        ),
      ),
      socket.on<{ roomId: number; userId: number; name?: string }>(SOCKET_EVENTS.typingStart, (e) =>
        typing.start(e.roomId, e.userId, e.name ?? 'Someone'),
      ),
      socket.on<{ roomId: number; userId: number }>(SOCKET_EVENTS.typingStop, (e) => typing.stop(e.roomId, e.userId)),
      socket.on<{ userId: number; status: 'online' | 'away' | 'offline' }>(SOCKET_EVENTS.presenceOnline, (e) =>
        presence.set(e.userId, e.status),
      ),
      socket.on<{ userId: number; status: 'online' | 'away' | 'offline' }>(SOCKET_EVENTS.presenceOffline, (e) =>
        presence.set(e.userId, e.status),
      ),
      socket.on('disconnect', () => typing.clear()),
    ];
    setChat({ socket, outbox, typing, presence, viewerId, markRead });
    void socket.connect();
    return () => {
      for (const off of offs) off();
      for (const timer of readTimers.values()) clearTimeout(timer);
      outbox.close();
      typing.clear();
      socket.close();
      setChat(null);
    };
  }, [queryClient, navigation, viewerId]);

  if (!chat) return null;
  return <ChatContext.Provider value={chat}>{children}</ChatContext.Provider>;
}

/** Asks who of these people is online (on any server node), again after every reconnect. */
export function usePresenceOf(userIds: number[]) {
  const { socket, presence } = useChat();
  const state = useConnectionState();
  const key = [...new Set(userIds)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (state !== 'connected' || !key) return;
    // A long list (a room list scrolled far) is asked in parts; each answer also subscribes.
    const ids = key.split(',').map(Number);
    for (let i = 0; i < ids.length; i += CHAT.presenceQueryMaxIds)
      socket
        .request<PresenceSnapshot>(SOCKET_EVENTS.presenceQuery, { userIds: ids.slice(i, i + CHAT.presenceQueryMaxIds) })
        .then((snapshot) => presence.merge(snapshot))
        .catch(() => {});
  }, [socket, presence, state, key]);
  return useSyncExternalStore(presence.subscribe, presence.snapshot);
}
