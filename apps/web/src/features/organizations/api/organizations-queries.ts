import type { Organization, PagedResponse } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

export type OrganizationInput = {
  name: string;
  slug: string;
  timezone: string;
  city?: string | null;
  state?: string | null;
};

export const organizationsKeys = {
  all: ['organizations'] as const,
  list: (query: { search: string; page: number; limit: number }) => ['organizations', 'list', query] as const,
};

export const organizationsQueryOptions = (query: { search: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: organizationsKeys.list(query),
    // The switcher must list every organization, whichever one is active.
    queryFn: () => apiGet<PagedResponse<Organization>>('/auth/organizations/list', { ...query, organizationId: null }),
    placeholderData: keepPreviousData,
  });

export const createOrganization = async (input: OrganizationInput) =>
  (await apiPost<{ data: Organization }>('/auth/organizations', input)).data;
export const updateOrganization = async (id: number, input: Partial<OrganizationInput>) =>
  (await apiPatch<{ data: Organization }>(`/auth/organizations/${id}`, input)).data;

/** Deactivated organizations' people are refused and disconnected until reactivated (decision 012). */
export const setOrganizationActive = async (id: number, active: boolean) =>
  (await apiPost<{ data: Organization }>(`/auth/organizations/${id}/${active ? 'reactivate' : 'deactivate'}`, {})).data;
