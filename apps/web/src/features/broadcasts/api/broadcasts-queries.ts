/**
 * Broadcasts (decision 029): one key factory, a query-options function per read and one fetcher
 * per change. The preview is a POST (the choice is a body) read as a query keyed by the choice.
 */
import type {
  BroadcastEdit,
  BroadcastList,
  BroadcastPreview,
  BroadcastSend,
  BroadcastTarget,
  BroadcastTracking,
  BroadcastTrackingQuery,
  NudgeResult,
} from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const broadcastsKeys = {
  all: ['broadcasts'] as const,
  lists: () => ['broadcasts', 'list'] as const,
  list: (page: number) => ['broadcasts', 'list', page] as const,
  one: (id: number) => ['broadcasts', 'one', id] as const,
  page: (id: number, query: BroadcastTrackingQuery) => ['broadcasts', 'one', id, query] as const,
  preview: (target: BroadcastTarget) => ['broadcasts', 'preview', target] as const,
  templates: () => ['broadcasts', 'templates'] as const,
};

export const broadcastListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: broadcastsKeys.list(page),
    queryFn: async () => (await apiGet<{ data: BroadcastList }>('/broadcasts', { page, limit: 20 })).data,
    placeholderData: keepPreviousData,
  });

export const broadcastQueryOptions = (id: number, query: BroadcastTrackingQuery) =>
  queryOptions({
    queryKey: broadcastsKeys.page(id, query),
    queryFn: async () => (await apiGet<{ data: BroadcastTracking }>(`/broadcasts/${id}`, query)).data,
    placeholderData: keepPreviousData,
  });

export const broadcastPreviewQueryOptions = (target: BroadcastTarget) =>
  queryOptions({
    queryKey: broadcastsKeys.preview(target),
    queryFn: async () => (await apiPost<{ data: BroadcastPreview }>('/broadcasts/preview', target)).data,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const sendBroadcast = async (input: BroadcastSend) =>
  (await apiPost<{ data: BroadcastTracking }>('/broadcasts', input)).data;

/** A scheduled broadcast rewritten whole (409 once it has gone out or was cancelled). */
export const editBroadcast = async (id: number, input: BroadcastEdit) =>
  (await apiPatch<{ data: BroadcastTracking }>(`/broadcasts/${id}`, input)).data;

export const cancelBroadcast = async (id: number) =>
  (await apiDelete<{ data: BroadcastTracking }>(`/broadcasts/${id}`)).data;

/** A broadcast's page as it first opens: everyone, missing first. */
export const FIRST_PAGE: BroadcastTrackingQuery = { show: 'all', page: 1, limit: 50 };

export const nudgeBroadcast = async (id: number) =>
  (await apiPost<{ data: NudgeResult }>(`/broadcasts/${id}/nudge`, {})).data;
