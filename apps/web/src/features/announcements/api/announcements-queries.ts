/**
 * Announcements that ask for acknowledgement (decision 027): one key factory, a query-options
 * function per read and one fetcher per change.
 */
import type { AckResult, AckTracking, AnnouncementPost, ChatMessage, NudgeResult } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export const announcementsKeys = {
  all: ['announcements'] as const,
  trackings: () => ['announcements', 'tracking'] as const,
  tracking: (messageId: number) => ['announcements', 'tracking', messageId] as const,
};

/** Who acknowledged a message and who is missing; live `chat:ack-update` events make it stale. */
export const ackTrackingQueryOptions = (messageId: number) =>
  queryOptions({
    queryKey: announcementsKeys.tracking(messageId),
    queryFn: async () => (await apiGet<{ data: AckTracking }>(`/chat/messages/${messageId}/acks`)).data,
  });

export const postAnnouncement = async (teamId: number, input: AnnouncementPost) =>
  (await apiPost<{ data: ChatMessage }>(`/teams/${teamId}/announcements`, input)).data;

export const acknowledgeMessage = async (messageId: number) =>
  (await apiPost<{ data: AckResult }>(`/chat/messages/${messageId}/ack`, {})).data;

export const nudgeMissing = async (messageId: number) =>
  (await apiPost<{ data: NudgeResult }>(`/chat/messages/${messageId}/acks/nudge`, {})).data;
