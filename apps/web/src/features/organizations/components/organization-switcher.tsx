import { Select } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  getActiveOrganization,
  setActiveOrganization,
  subscribeActiveOrganization,
} from '../../../lib/active-organization.ts';
import { organizationsQueryOptions } from '../api/organizations-queries.ts';

/** SUPER_ADMIN only: which organization the directory screens act in. */
export function OrganizationSwitcher({ ownOrganizationId }: { ownOrganizationId: number | null }) {
  const queryClient = useQueryClient();
  const active = useSyncExternalStore(subscribeActiveOrganization, getActiveOrganization);
  const { data } = useQuery(organizationsQueryOptions({ search: '', page: 1, limit: 100 }));
  const value = String(active ?? ownOrganizationId ?? '');
  return (
    <Select
      aria-label="Organization"
      leftSection={<IconBuildingCommunity size={16} />}
      data={(data?.data.result ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      value={value || null}
      onChange={(next) => {
        setActiveOrganization(next && Number(next) !== ownOrganizationId ? Number(next) : null);
        void queryClient.invalidateQueries();
      }}
      allowDeselect={false}
      searchable
      w={260}
      size="sm"
    />
  );
}
