/**
 * How a live message changes what the screen has cached (SPEC §4): the room list moves the
 * room up with its new last message and unread count, and the room's newest history page gains
 * the message. Pure functions over TanStack Query's infinite data, tested on their own.
 */
import { type ChatMessage, type PaginationInfo, type Poll, quoteOf, type RoomListItem } from '@fieldhouse/shared';
import type { InfiniteData } from '@tanstack/react-query';

export type RoomListPage = { result: RoomListItem[]; paginationInfo: PaginationInfo };
export type HistoryPage = { messages: ChatMessage[]; hasOlder: boolean; hasNewer: boolean };

const time = (item: RoomListItem) => (item.lastMessage ? Date.parse(item.lastMessage.createdAt) : 0);

/** Newest conversation first; rooms without messages keep their order after them. */
export function sortRoomList(items: RoomListItem[]): RoomListItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => time(b.item) - time(a.item) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * Applies an incoming message to a loaded room list. Returns the same object when the room is
 * not in it (the caller refetches then). `isOpen`: the viewer is reading that room right now.
 */
export function applyMessageToRoomList(
  data: InfiniteData<RoomListPage>,
  message: ChatMessage,
  options: { viewerId: number; isOpen: boolean },
): { data: InfiniteData<RoomListPage>; found: boolean } {
  const roomId = message.chatRoom.id;
  const fromViewer = message.sender.id === options.viewerId;
  let found = false;
  const touch = (item: RoomListItem): RoomListItem => {
    found = true;
    return {
      ...item,
      // A counterpart listed before any room existed gets the room now (SPEC §4).
      id: roomId,
      uuid: message.chatRoom.uuid,
      chatId: roomId,
      lastMessage: message,
      unread: options.isOpen || fromViewer ? 0 : item.unread + 1,
    };
  };
  const items = data.pages.flatMap((page) => page.result);
  let updated = items.map((item) => (item.chatId === roomId ? touch(item) : item));
  if (!found && !fromViewer)
    updated = items.map((item) =>
      item.chatId === null && item.counterpart.id === message.sender.id ? touch(item) : item,
    );
  if (!found) return { data, found };
  const sorted = sortRoomList(updated);
  // Keep the page sizes; only the order (and the one entry) changed.
  let offset = 0;
  const pages = data.pages.map((page) => {
    const result = sorted.slice(offset, offset + page.result.length);
    offset += page.result.length;
    return { ...page, result };
  });
  return { data: { ...data, pages }, found };
}

/** Zeroes a room's unread count in a loaded list (the viewer opened it). */
export function markRoomReadInList(data: InfiniteData<RoomListPage>, roomId: number): InfiniteData<RoomListPage> {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      result: page.result.map((item) => (item.chatId === roomId ? { ...item, unread: 0 } : item)),
    })),
  };
}

/**
 * Adds a message to a room's history: into the newest page when that page is the live end
 * (nothing newer to load), never twice, in stored (id) order.
 */
export function appendToHistory(data: InfiniteData<HistoryPage>, message: ChatMessage): InfiniteData<HistoryPage> {
  const last = data.pages.at(-1);
  if (!last || last.hasNewer) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const messages = [...last.messages, message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, messages }] };
}

/** Replaces a poll's tally wherever its message is loaded. */
export function applyPollUpdate(
  data: InfiniteData<HistoryPage>,
  messageId: number,
  poll: Poll,
): InfiniteData<HistoryPage> {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some((m) => m.id === messageId)
        ? { ...page, messages: page.messages.map((m) => (m.id === messageId ? { ...m, poll } : m)) }
        : page,
    ),
  };
}

/** Puts an edited or unsent message in place of the copy a history holds (decision 023). */
export function replaceInHistory(data: InfiniteData<HistoryPage>, message: ChatMessage): InfiniteData<HistoryPage> {
  const touched = (m: ChatMessage) => m.id === message.id || m.replyTo?.id === message.id;
  if (!data.pages.some((page) => page.messages.some(touched))) return data;
  // Replies quote the original as it reads now (decision 023): an edit shows, an unsend hides the words.
  const requote = (m: ChatMessage): ChatMessage =>
    m.replyTo?.id === message.id
      ? {
          ...m,
          replyTo: quoteOf({ ...message, deletedAt: message.unsent ? message.createdAt : null }, m.replyTo.senderName),
        }
      : m;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some(touched)
        ? { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : requote(m))) }
        : page,
    ),
  };
}

/**
 * A room list whose preview is the changed message: an edit reads in place; an unsent preview
 * is `stale` (the list's preview is the message before it, which only the server knows).
 */
export function replaceInRoomList(
  data: InfiniteData<RoomListPage>,
  message: ChatMessage,
): { data: InfiniteData<RoomListPage>; stale: boolean } {
  const previews = (item: RoomListItem) => item.lastMessage?.id === message.id;
  if (!data.pages.some((page) => page.result.some(previews))) return { data, stale: false };
  if (message.unsent) return { data, stale: true };
  return {
    data: {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        result: page.result.map((item) => (previews(item) ? { ...item, lastMessage: message } : item)),
      })),
    },
    stale: false,
  };
}

/** The newest stored message id in a history (the catch-up point after a reconnect). */
export const lastMessageId = (data: InfiniteData<HistoryPage> | undefined) => data?.pages.at(-1)?.messages.at(-1)?.id;
