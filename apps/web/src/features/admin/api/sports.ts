import type { Sport, SportInput } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

/** Same key as the teams screens use, so a change here refreshes their sport pickers too. */
export const adminSportsQueryOptions = () =>
  queryOptions({
    queryKey: ['sports'],
    queryFn: async () => (await apiGet<{ data: Sport[] }>('/sports')).data,
  });

export const createSport = async (input: SportInput) => (await apiPost<{ data: Sport }>('/sports', input)).data;
export const updateSport = async (id: number, input: Partial<SportInput>) =>
  (await apiPatch<{ data: Sport }>(`/sports/${id}`, input)).data;
export const deleteSport = (id: number) => apiDelete<unknown>(`/sports/${id}`);
