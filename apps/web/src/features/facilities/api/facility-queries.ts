/** The school's facilities (decision 010): the list, and adding, editing and archiving one. */
import type { Facility, FacilityInput, FacilityUpdate } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { getActiveOrganization } from '../../../lib/active-organization.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const facilityKeys = {
  all: ['facilities'] as const,
  list: (includeArchived: boolean) => ['facilities', getActiveOrganization(), includeArchived] as const,
};

/** Active facilities by name; with archived ones (listed last) for the management screen. */
export const facilitiesQueryOptions = (includeArchived = false) =>
  queryOptions({
    queryKey: facilityKeys.list(includeArchived),
    queryFn: async () =>
      (await apiGet<{ data: Facility[] }>('/facilities', { includeArchived: String(includeArchived) })).data,
  });

export const createFacility = async (input: FacilityInput) =>
  (await apiPost<{ data: Facility }>('/facilities', input)).data;

export const updateFacility = async (id: number, input: FacilityUpdate) =>
  (await apiPatch<{ data: Facility }>(`/facilities/${id}`, input)).data;

export const archiveFacility = async (id: number) => (await apiDelete<{ data: Facility }>(`/facilities/${id}`)).data;
