/** The school's own broadcast templates (decision 029): list, save from the composer, delete. */
import type { BroadcastSchoolTemplate, BroadcastTemplateInput } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client.ts';
import { broadcastsKeys } from './broadcasts-queries.ts';

export const broadcastTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: broadcastsKeys.templates(),
    queryFn: async () => (await apiGet<{ data: BroadcastSchoolTemplate[] }>('/broadcasts/templates')).data,
  });

export const saveBroadcastTemplate = async (input: BroadcastTemplateInput) =>
  (await apiPost<{ data: BroadcastSchoolTemplate }>('/broadcasts/templates', input)).data;

export const deleteBroadcastTemplate = async (id: number) =>
  (await apiDelete<{ data: BroadcastSchoolTemplate }>(`/broadcasts/templates/${id}`)).data;
