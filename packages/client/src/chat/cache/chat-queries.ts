import type { PagedResponse, RoomDetail, RoomListItem, Tab, TabValue } from '@fieldhouse/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../api-client.ts';
import type { HistoryPage, RoomListPage } from './chat-cache.ts';

export const chatKeys = {
  all: ['chat'] as const,
  tabs: () => ['chat', 'tabs'] as const,
  roomLists: () => ['chat', 'rooms'] as const,
  roomList: (tab: TabValue, search: string) => ['chat', 'rooms', tab, search] as const,
  rooms: () => ['chat', 'room'] as const,
  room: (roomId: number) => ['chat', 'room', roomId] as const,
  histories: (roomId?: number) => (roomId ? (['chat', 'messages', roomId] as const) : (['chat', 'messages'] as const)),
  history: (roomId: number, around: number | undefined) => ['chat', 'messages', roomId, around ?? 'latest'] as const,
  teamRoomLists: () => ['chat', 'team-rooms'] as const,
  teamRooms: (teamId: number) => ['chat', 'team-rooms', teamId] as const,
  notifications: () => ['chat', 'notifications'] as const,
  attachment: (uuid: string) => ['chat', 'attachment', uuid] as const,
};

/** The three tabs with unread counts (SPEC §2); socket events keep them fresh, polling is a fallback. */
export const tabsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.tabs(),
    queryFn: async () => (await apiGet<{ data: Tab[] }>('/chat/tabs')).data,
    refetchInterval: 60_000,
  });

export const ROOM_PAGE_SIZE = 20;

export const roomListQueryOptions = (tab: TabValue, search: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.roomList(tab, search),
    queryFn: async ({ pageParam }): Promise<RoomListPage> =>
      (
        await apiGet<PagedResponse<RoomListItem>>('/chat/rooms', {
          tab,
          search: search || undefined,
          page: pageParam,
          limit: ROOM_PAGE_SIZE,
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last) => last.paginationInfo.nextPage ?? undefined,
  });

export const roomDetailQueryOptions = (roomId: number) =>
  queryOptions({
    queryKey: chatKeys.room(roomId),
    queryFn: async () => (await apiGet<{ data: RoomDetail }>(`/chat/rooms/${roomId}`)).data,
    staleTime: 60_000,
  });

export const HISTORY_PAGE_SIZE = 50;
type HistoryParam = { before?: number; after?: number; around?: number };

/** A room's history: the newest page (or the page around `around`), older pages before it, newer after. */
export const historyQueryOptions = (roomId: number, around?: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.history(roomId, around),
    queryFn: async ({ pageParam }): Promise<HistoryPage> =>
      (
        await apiGet<{ data: HistoryPage }>(`/chat/rooms/${roomId}/messages`, {
          ...pageParam,
          limit: HISTORY_PAGE_SIZE,
        })
      ).data,
    initialPageParam: (around ? { around } : {}) as HistoryParam,
    getPreviousPageParam: (first): HistoryParam | undefined => {
      const oldest = first.messages[0];
      return first.hasOlder && oldest ? { before: oldest.id } : undefined;
    },
    getNextPageParam: (last): HistoryParam | undefined => {
      const newest = last.messages.at(-1);
      return last.hasNewer && newest ? { after: newest.id } : undefined;
    },
    // Live events keep it current; a refetch would drop the pages scrolled through.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });

export type RoomSummary = {
  id: number;
  uuid: string;
  kind: string;
  name: string | null;
  teamId: number | null;
  /** The viewer muted it (decision 023): a team's room list says so. */
  muted?: boolean;
};

export const teamRoomsQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: chatKeys.teamRooms(teamId),
    queryFn: async () => (await apiGet<{ data: RoomSummary[] }>(`/chat/teams/${teamId}/rooms`)).data,
  });

export const openDirectRoom = async (userId: number) =>
  (await apiPost<{ data: RoomSummary }>('/chat/rooms/direct', { userId })).data;

export const markRoomRead = (roomId: number) => apiPost(`/chat/rooms/${roomId}/read`, {});

export type NotificationItem = {
  id: number;
  title: string;
  message: string;
  type: string;
  actionUrl: string | null;
  timestamp: number;
  readAt: string | null;
};

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.notifications(),
    queryFn: async () =>
      (await apiGet<{ data: { result: NotificationItem[]; unreadCount: number } }>('/notifications', { limit: 10 }))
        .data,
    refetchInterval: 60_000,
  });

export const markNotificationsRead = () => apiPost('/notifications/read', {});
