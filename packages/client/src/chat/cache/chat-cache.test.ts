import type { ChatMessage, PaginationInfo, Poll, RoomListItem } from '@fieldhouse/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  appendToHistory,
  applyMessageToRoomList,
  applyPollUpdate,
  type HistoryPage,
  lastMessageId,
  markRoomReadInList,
  type RoomListPage,
  replaceInHistory,
  replaceInRoomList,
  sortRoomList,
} from './chat-cache.ts';

const VIEWER = 1;
const uuidFor = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minute: number) => new Date(Date.UTC(2024, 0, 5, 12, minute)).toISOString();

const buildMessage = (overrides: Partial<ChatMessage> & { roomId?: number; senderId?: number } = {}): ChatMessage => {
  const { roomId = 10, senderId = 2, ...rest } = overrides;
  const id = rest.id ?? 100;
  return {
    id,
    uuid: uuidFor(id),
    sender: { id: senderId, firstName: 'Coach', lastName: 'Smith', userImage: null },
    content: `message ${id}`,
    createdAt: at(0),
    editedAt: null,
    unsent: false,
    messageType: 'TEXT',
    media: [],
    poll: null,
    chatRoom: { id: roomId, uuid: uuidFor(5000 + roomId) },
    ...rest,
  };
};

/** A room the viewer shares with `counterpartId`; `roomId` null for someone listed before any room exists. */
const buildItem = (
  counterpartId: number,
  roomId: number | null,
  options: { lastAt?: number | null; unread?: number } = {},
): RoomListItem => ({
  id: roomId ?? counterpartId,
  uuid: roomId === null ? null : uuidFor(5000 + roomId),
  chatId: roomId,
  unread: options.unread ?? 0,
  lastMessage:
    options.lastAt === null || options.lastAt === undefined || roomId === null
      ? null
      : buildMessage({ id: roomId * 10, roomId, senderId: counterpartId, createdAt: at(options.lastAt) }),
  counterpart: {
    id: counterpartId,
    uuid: uuidFor(counterpartId),
    firstName: `Person${counterpartId}`,
    lastName: null,
    email: `p${counterpartId}@example.com`,
    role: 'COACH',
    status: 'ACTIVE',
    contactNumber: null,
    userImage: null,
  },
});

const pagination = (currentPage: number): PaginationInfo => ({
  isFirstPage: currentPage === 1,
  isLastPage: false,
  currentPage,
  previousPage: currentPage > 1 ? currentPage - 1 : null,
  nextPage: currentPage + 1,
  pageCount: 3,
  totalCount: 30,
});

const roomList = (...pages: RoomListItem[][]): InfiniteData<RoomListPage> => ({
  pages: pages.map((result, index) => ({ result, paginationInfo: pagination(index + 1) })),
  pageParams: pages.map((_, index) => index + 1),
});

const history = (...pages: { ids: number[]; hasOlder?: boolean; hasNewer?: boolean }[]): InfiniteData<HistoryPage> => ({
  pages: pages.map(({ ids, hasOlder = false, hasNewer = false }) => ({
    messages: ids.map((id) => buildMessage({ id })),
    hasOlder,
    hasNewer,
  })),
  pageParams: pages.map((_, index) => index),
});

const chatIds = (data: InfiniteData<RoomListPage>) => data.pages.map((page) => page.result.map((item) => item.chatId));
const ids = (data: InfiniteData<HistoryPage>) => data.pages.map((page) => page.messages.map((m) => m.id));
const itemFor = (data: InfiniteData<RoomListPage>, chatId: number) =>
  data.pages.flatMap((page) => page.result).find((item) => item.chatId === chatId);

describe('applyMessageToRoomList', () => {
  const list = () =>
    roomList(
      [buildItem(2, 10, { lastAt: 30, unread: 2 }), buildItem(3, 11, { lastAt: 20 })],
      [buildItem(4, 12, { lastAt: 10, unread: 1 })],
    );

  it('raises the unread count by one for a room that is not open', () => {
    const message = buildMessage({ id: 500, roomId: 12, senderId: 4, createdAt: at(40) });
    const { data, found } = applyMessageToRoomList(list(), message, { viewerId: VIEWER, isOpen: false });
    expect(found).toBe(true);
    expect(itemFor(data, 12)?.unread).toBe(2);
    expect(itemFor(data, 10)?.unread).toBe(2);
  });

  it('sets unread to 0 when the room is open', () => {
    const message = buildMessage({ id: 500, roomId: 10, senderId: 2, createdAt: at(40) });
    const { data } = applyMessageToRoomList(list(), message, { viewerId: VIEWER, isOpen: true });
    expect(itemFor(data, 10)?.unread).toBe(0);
  });

  it("sets unread to 0 for the viewer's own message", () => {
    const message = buildMessage({ id: 500, roomId: 12, senderId: VIEWER, createdAt: at(40) });
    const { data, found } = applyMessageToRoomList(list(), message, { viewerId: VIEWER, isOpen: false });
    expect(found).toBe(true);
    expect(itemFor(data, 12)?.unread).toBe(0);
  });

  it('replaces the last message', () => {
    const message = buildMessage({
      id: 500,
      roomId: 11,
      senderId: 3,
      content: 'see you at practice',
      createdAt: at(40),
    });
    const { data } = applyMessageToRoomList(list(), message, { viewerId: VIEWER, isOpen: false });
    expect(itemFor(data, 11)?.lastMessage).toEqual(message);
  });

  it('moves the room to the top across pages and keeps the page sizes', () => {
    const before = list();
    const message = buildMessage({ id: 500, roomId: 12, senderId: 4, createdAt: at(40) });
    const { data } = applyMessageToRoomList(before, message, { viewerId: VIEWER, isOpen: false });
    expect(chatIds(data)).toEqual([[12, 10], [11]]);
    expect(data.pages.map((page) => page.paginationInfo)).toEqual(before.pages.map((page) => page.paginationInfo));
    expect(data.pageParams).toEqual(before.pageParams);
  });

  it('does not change the input', () => {
    const before = list();
    const snapshot = structuredClone(before);
    applyMessageToRoomList(before, buildMessage({ id: 500, roomId: 12, senderId: 4, createdAt: at(40) }), {
      viewerId: VIEWER,
      isOpen: false,
    });
    expect(before).toEqual(snapshot);
  });

  it("gives a counterpart listed without a room the room's id, uuid and chatId", () => {
    const before = roomList([buildItem(2, 10, { lastAt: 30 }), buildItem(7, null)]);
    const message = buildMessage({ id: 500, roomId: 42, senderId: 7, createdAt: at(40) });
    const { data, found } = applyMessageToRoomList(before, message, { viewerId: VIEWER, isOpen: false });
    expect(found).toBe(true);
    const [first, second] = data.pages[0]?.result ?? [];
    expect(first).toMatchObject({
      id: 42,
      uuid: message.chatRoom.uuid,
      chatId: 42,
      unread: 1,
      lastMessage: message,
      counterpart: { id: 7 },
    });
    expect(second?.chatId).toBe(10);
  });

  it('does not match a room-less counterpart by the id of a different sender', () => {
    const before = roomList([buildItem(7, null)]);
    const message = buildMessage({ id: 500, roomId: 42, senderId: 8, createdAt: at(40) });
    const result = applyMessageToRoomList(before, message, { viewerId: VIEWER, isOpen: false });
    expect(result.found).toBe(false);
    expect(result.data).toBe(before);
  });

  it('returns found:false and the same object for a room not in the list', () => {
    const before = list();
    const message = buildMessage({ id: 500, roomId: 99, senderId: 9, createdAt: at(40) });
    const result = applyMessageToRoomList(before, message, { viewerId: VIEWER, isOpen: false });
    expect(result.found).toBe(false);
    expect(result.data).toBe(before);
  });
});

describe('markRoomReadInList', () => {
  it("zeroes only that room's unread count", () => {
    const before = roomList([buildItem(2, 10, { lastAt: 3, unread: 4 })], [buildItem(3, 11, { lastAt: 2, unread: 5 })]);
    const after = markRoomReadInList(before, 11);
    expect(itemFor(after, 11)?.unread).toBe(0);
    expect(itemFor(after, 10)?.unread).toBe(4);
    expect(chatIds(after)).toEqual([[10], [11]]);
    expect(itemFor(before, 11)?.unread).toBe(5);
  });
});

describe('appendToHistory', () => {
  it('appends to the newest page when it is the live end', () => {
    const before = history({ ids: [1, 2], hasNewer: true }, { ids: [3, 4] });
    const after = appendToHistory(before, buildMessage({ id: 5 }));
    expect(ids(after)).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(ids(before)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('leaves the history alone when newer pages are still to load', () => {
    const before = history({ ids: [1, 2] }, { ids: [3, 4], hasNewer: true });
    expect(appendToHistory(before, buildMessage({ id: 9 }))).toBe(before);
  });

  it('never adds a message twice', () => {
    const before = history({ ids: [1, 2], hasNewer: true }, { ids: [3, 4] });
    expect(appendToHistory(before, buildMessage({ id: 2 }))).toBe(before);
    const once = appendToHistory(before, buildMessage({ id: 5 }));
    expect(ids(appendToHistory(once, buildMessage({ id: 5 })))).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('keeps id order when a message arrives late', () => {
    const before = history({ ids: [3, 7] });
    expect(ids(appendToHistory(before, buildMessage({ id: 5 })))).toEqual([[3, 5, 7]]);
  });

  it('leaves a history with no pages alone', () => {
    const before: InfiniteData<HistoryPage> = { pages: [], pageParams: [] };
    expect(appendToHistory(before, buildMessage({ id: 1 }))).toBe(before);
  });
});

describe('applyPollUpdate', () => {
  const poll: Poll = {
    id: 1,
    question: 'Practice on Saturday?',
    multipleChoice: false,
    closesAt: null,
    options: [
      { id: 1, text: 'Yes', votes: 2, voterIds: [2, 3] },
      { id: 2, text: 'No', votes: 0, voterIds: [] },
    ],
  };

  it('replaces the poll on that message only, wherever it is loaded', () => {
    const before = history({ ids: [1, 2] }, { ids: [3, 4] });
    const after = applyPollUpdate(before, 2, poll);
    const messages = after.pages.flatMap((page) => page.messages);
    expect(messages.find((m) => m.id === 2)?.poll).toEqual(poll);
    expect(messages.filter((m) => m.id !== 2).every((m) => m.poll === null)).toBe(true);
    expect(after.pages[1]).toBe(before.pages[1]);
    expect(before.pages[0]?.messages[1]?.poll).toBeNull();
  });

  it('changes nothing for a message that is not loaded', () => {
    const before = history({ ids: [1, 2] });
    const after = applyPollUpdate(before, 99, poll);
    expect(after.pages[0]).toBe(before.pages[0]);
  });
});

describe('replaceInHistory', () => {
  it('puts the changed message in place of its copy, leaving other pages as they were', () => {
    const before = history({ ids: [1, 2] }, { ids: [3, 4] });
    const edited = buildMessage({ id: 3, content: 'fixed', editedAt: at(5) });
    const after = replaceInHistory(before, edited);
    expect(after.pages[1]?.messages[0]).toBe(edited);
    expect(ids(after)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(before.pages[1]?.messages[0]?.content).toBe('message 3');
  });

  it('returns the same object for a message that is not loaded', () => {
    const before = history({ ids: [1, 2] });
    expect(replaceInHistory(before, buildMessage({ id: 9 }))).toBe(before);
  });

  it('re-quotes the replies to it: an edit shows, an unsend hides the words', () => {
    const quote = { id: 1, senderName: 'Coach Smith', text: 'message 1', unsent: false };
    const before = history({ ids: [1, 2] });
    const page = before.pages[0] as HistoryPage;
    page.messages[1] = buildMessage({ id: 2, replyTo: quote });
    const edited = replaceInHistory(before, buildMessage({ id: 1, content: 'Bus at 3:30', editedAt: at(5) }));
    expect(edited.pages[0]?.messages[1]?.replyTo).toEqual({ ...quote, text: 'Bus at 3:30' });
    const unsent = replaceInHistory(edited, buildMessage({ id: 1, content: '', unsent: true }));
    expect(unsent.pages[0]?.messages[1]?.replyTo).toEqual({ ...quote, text: '', unsent: true });
  });
});

describe('replaceInRoomList', () => {
  it('shows an edit in the preview at once', () => {
    const before = roomList([buildItem(2, 10, { lastAt: 1 }), buildItem(3, 11, { lastAt: 0 })]);
    const edited = buildMessage({ id: 100, roomId: 10, content: 'fixed', editedAt: at(5) });
    const { data, stale } = replaceInRoomList(before, edited);
    expect(stale).toBe(false);
    expect(itemFor(data, 10)?.lastMessage).toBe(edited);
    expect(chatIds(data)).toEqual(chatIds(before));
  });

  it('marks the list stale when its preview is unsent (the message before it is the server’s to say)', () => {
    const before = roomList([buildItem(2, 10, { lastAt: 1 })]);
    const unsent = buildMessage({ id: 100, roomId: 10, content: '', unsent: true });
    expect(replaceInRoomList(before, unsent)).toEqual({ data: before, stale: true });
  });

  it('leaves a list alone when the message is not a preview', () => {
    const before = roomList([buildItem(2, 10, { lastAt: 1 })]);
    const result = replaceInRoomList(before, buildMessage({ id: 55, roomId: 10, unsent: true }));
    expect(result).toEqual({ data: before, stale: false });
    expect(result.data).toBe(before);
  });
});

describe('sortRoomList', () => {
  it('puts the newest conversation first and rooms without messages after, in their order', () => {
    const items = [
      buildItem(2, 10),
      buildItem(3, 11, { lastAt: 5 }),
      buildItem(4, null),
      buildItem(5, 13, { lastAt: 50 }),
      buildItem(6, 14),
      buildItem(7, 15, { lastAt: 20 }),
    ];
    expect(sortRoomList(items).map((item) => item.counterpart.id)).toEqual([5, 7, 3, 2, 4, 6]);
  });

  it('keeps the original order for equal times and does not change its input', () => {
    const items = [buildItem(2, 10, { lastAt: 5 }), buildItem(3, 11, { lastAt: 5 }), buildItem(4, 12, { lastAt: 9 })];
    expect(sortRoomList(items).map((item) => item.chatId)).toEqual([12, 10, 11]);
    expect(items.map((item) => item.chatId)).toEqual([10, 11, 12]);
  });
});

describe('lastMessageId', () => {
  it('is the last id of the newest page', () => {
    expect(lastMessageId(history({ ids: [1, 2] }, { ids: [3, 8] }))).toBe(8);
  });

  it('is undefined without data or messages', () => {
    expect(lastMessageId(undefined)).toBeUndefined();
    expect(lastMessageId(history({ ids: [] }))).toBeUndefined();
  });
});
