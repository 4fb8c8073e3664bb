/** The guided set-up: how far the school is, and creating a school. */
import type { Organization, SetupOrganizationInput, SetupStatus } from '@fieldhouse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getActiveOrganization } from '../../../lib/active-organization.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export const setupKeys = { all: ['setup'] as const, status: () => ['setup', getActiveOrganization()] as const };

export const setupStatusQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.status(),
    queryFn: async () => (await apiGet<{ data: SetupStatus }>('/setup/status')).data,
  });

/**
 * The school the screens act in: the switcher's choice for a super admin, otherwise one's own
 * (name and time zone for headings), from the set-up status so a switch changes it at once.
 */
export const useCurrentOrganization = () => useQuery(setupStatusQueryOptions()).data?.organization ?? null;

export const createSchool = async (input: SetupOrganizationInput) =>
  (await apiPost<{ data: Organization }>('/setup/organization', input)).data;
