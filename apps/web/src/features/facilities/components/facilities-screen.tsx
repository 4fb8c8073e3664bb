/**
 * The school's facilities (decision 010): gyms, fields and rooms that events book, with address,
 * capacity and hours; add, edit, archive and restore. A table on desktop, cards on phones.
 */
import type { Facility } from '@fieldhouse/shared';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Switch, Table, Text } from '@mantine/core';
import { IconArchive, IconArrowBackUp, IconDots, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { archiveFacility, facilitiesQueryOptions, facilityKeys, updateFacility } from '../api/facility-queries.ts';
import { FacilityFormModal } from './facility-form-modal.tsx';

export function FacilitiesScreen({ backLink }: { backLink?: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Facility | 'new' | null>(null);
  const list = useQuery(facilitiesQueryOptions(true));
  const facilities = (list.data ?? []).filter((f) => showArchived || !f.archived);
  const archivedCount = (list.data ?? []).filter((f) => f.archived).length;
  const setArchived = useMutation({
    mutationFn: (f: Facility) => (f.archived ? updateFacility(f.id, { archived: false }) : archiveFacility(f.id)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: facilityKeys.all });
      toast.success(saved.archived ? `${saved.name} archived` : `${saved.name} restored`);
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <Stack gap="md">
      {backLink}
      <PageHeader
        title="Facilities"
        description="The gyms, fields and rooms events are booked in. Two events in one facility at once are a conflict."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add facility
          </Button>
        }
      />
      {list.isError && <QueryError what="Facilities" error={list.error} onRetry={() => list.refetch()} />}
      {list.isSuccess && facilities.length === 0 && (
        <Text c="dimmed" data-testid="facilities-empty">
          {archivedCount > 0
            ? 'Every facility is archived. Show archived ones to restore one, or add a new one.'
            : 'No facilities yet. Add the places your teams play and practice, then choose them on events.'}
        </Text>
      )}
      {facilities.length > 0 && (
        <Table verticalSpacing="sm" className={stacked.table} data-testid="facilities-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Capacity</Table.Th>
              <Table.Th>Hours</Table.Th>
              <Table.Th>
                <span className={stacked.visuallyHidden}>Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {facilities.map((f) => (
              <Table.Tr key={f.id} data-testid="facility-row">
                <Table.Td data-label="Name">
                  <Group gap="xs">
                    <Text fw={500}>{f.name}</Text>
                    {f.archived && (
                      <Badge color="gray" variant="light">
                        Archived
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td data-label="Address">{f.address ?? '—'}</Table.Td>
                <Table.Td data-label="Capacity">{f.capacity?.toLocaleString() ?? '—'}</Table.Td>
                <Table.Td data-label="Hours">{f.hours ?? '—'}</Table.Td>
                <Table.Td data-label="">
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${f.name}`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(f)}>
                        Edit
                      </Menu.Item>
                      <Menu.Item
                        leftSection={f.archived ? <IconArrowBackUp size={14} /> : <IconArchive size={14} />}
                        onClick={() => setArchived.mutate(f)}
                      >
                        {f.archived ? 'Restore' : 'Archive'}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {archivedCount > 0 && (
        <Switch
          label={`Show archived (${archivedCount})`}
          checked={showArchived}
          onChange={(e) => setShowArchived(e.currentTarget.checked)}
        />
      )}
      {editing && (
        <FacilityFormModal facility={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
