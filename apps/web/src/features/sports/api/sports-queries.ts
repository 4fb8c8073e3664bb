import type { Sport, SportInput } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

/** Sports are read by teams, calendar, reports and users, and edited in admin: one key for all. */
export const sportsKeys = { all: ['sports'] as const };

export const sportsQueryOptions = () =>
  queryOptions({
    queryKey: sportsKeys.all,
    queryFn: async () => (await apiGet<{ data: Sport[] }>('/sports')).data,
    staleTime: 10 * 60_000,
  });

export const createSport = async (input: SportInput) => (await apiPost<{ data: Sport }>('/sports', input)).data;
export const updateSport = async (id: number, input: Partial<SportInput>) =>
  (await apiPatch<{ data: Sport }>(`/sports/${id}`, input)).data;
export const deleteSport = (id: number) => apiDelete<unknown>(`/sports/${id}`);
