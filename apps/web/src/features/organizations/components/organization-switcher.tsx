import { Select } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import {
  getActiveOrganization,
  setActiveOrganization,
  subscribeActiveOrganization,
} from '../../../lib/active-organization.ts';
import { organizationsQueryOptions } from '../api/organizations-queries.ts';

const NEW_SCHOOL = 'new';

/** SUPER_ADMIN only: which school every screen acts in, and the way to set up another one. */
export function OrganizationSwitcher({ ownOrganizationId }: { ownOrganizationId: number | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const active = useSyncExternalStore(subscribeActiveOrganization, getActiveOrganization);
  const { data } = useQuery(organizationsQueryOptions({ search: '', page: 1, limit: 100 }));
  const value = String(active ?? ownOrganizationId ?? '');
  const schools = (data?.data.result ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  return (
    <Select
      aria-label="Organization"
      placeholder="No school yet"
      leftSection={<IconBuildingCommunity size={16} />}
      data={[
        { group: 'Schools', items: schools },
        { group: 'More', items: [{ value: NEW_SCHOOL, label: '+ Set up a new school' }] },
      ]}
      value={value || null}
      onChange={(next) => {
        if (next === NEW_SCHOOL) {
          void navigate({ to: '/setup', search: { new: true } });
          return;
        }
        setActiveOrganization(next && Number(next) !== ownOrganizationId ? Number(next) : null);
        // Every screen, heading and count follows the school: drop what was read for the last one.
        void queryClient.invalidateQueries();
      }}
      allowDeselect={false}
      searchable
      w="100%"
      size="sm"
    />
  );
}
