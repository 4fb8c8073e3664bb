import { formatDisplayDate, type Organization, organizationInputSchema } from '@fieldhouse/shared';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormModal } from '../../../components/form-modal.tsx';
import { Pager } from '../../../components/pager.tsx';
import { zodValidate } from '../../../lib/zod-form.ts';
import {
  createOrganization,
  type OrganizationInput,
  organizationsKeys,
  organizationsQueryOptions,
  setOrganizationActive,
  updateOrganization,
} from '../api/organizations-queries.ts';

/**
 * The organizations a SUPER_ADMIN manages: search, page, create and edit. A new one starts in
 * its creator's time zone (their own school's, else their computer's), never UTC by accident.
 */
export function OrganizationsAdmin({ defaultTimeZone }: { defaultTimeZone: string | null }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [switching, setSwitching] = useState<Organization | null>(null);
  const { data } = useQuery(organizationsQueryOptions({ search: debounced, page, limit: 10 }));
  const info = data?.data.paginationInfo;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="md">
        <Title order={4}>Organizations</Title>
        <Group gap="xs">
          <TextInput
            placeholder="Search organizations"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New organization
          </Button>
        </Group>
      </Group>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Time zone</Table.Th>
            <Table.Th>Users</Table.Th>
            <Table.Th>Teams</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.data.result ?? []).map((org) => (
            <Table.Tr key={org.id} onClick={() => setEditing(org)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Text fw={500} size="sm">
                  {org.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[org.city, org.state].filter(Boolean).join(', ') || org.slug}
                </Text>
              </Table.Td>
              <Table.Td>{org.timezone}</Table.Td>
              <Table.Td>{org.userCount.toLocaleString()}</Table.Td>
              <Table.Td>{org.teamCount}</Table.Td>
              <Table.Td>{formatDisplayDate(org.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light" color={org.deactivatedAt ? 'red' : 'green'}>
                    {org.deactivatedAt ? 'Deactivated' : 'Active'}
                  </Badge>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color={org.deactivatedAt ? 'green' : 'red'}
                    onClick={(e) => {
                      e.stopPropagation();
                      setSwitching(org);
                    }}
                  >
                    {org.deactivatedAt ? 'Reactivate' : 'Deactivate'}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {info && info.pageCount > 1 && (
        <Pager mt="md" total={info.pageCount} value={info.currentPage} onChange={setPage} />
      )}
      {editing && (
        <OrganizationModal
          organization={editing === 'new' ? undefined : editing}
          defaultTimeZone={defaultTimeZone}
          onClose={() => setEditing(null)}
        />
      )}
      {switching && <ActivationModal organization={switching} onClose={() => setSwitching(null)} />}
    </Paper>
  );
}

/** Confirms deactivation (its people are signed out and refused) or reactivation. */
function ActivationModal({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  const queryClient = useQueryClient();
  const activate = Boolean(organization.deactivatedAt);
  const mutation = useMutation({
    mutationFn: () => setOrganizationActive(organization.id, activate),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
      toast.success(`${saved.name} ${activate ? 'reactivated' : 'deactivated'}`);
      onClose();
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <Modal opened onClose={onClose} title={`${activate ? 'Reactivate' : 'Deactivate'} ${organization.name}?`} centered>
      <Stack>
        <Text size="sm">
          {activate
            ? 'Its people can sign in and use chat again.'
            : `Its ${organization.userCount.toLocaleString()} people are signed out at once and refused until you reactivate it. Nothing is deleted.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={activate ? 'green' : 'red'} loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {activate ? 'Reactivate' : 'Deactivate'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function OrganizationModal({
  organization,
  defaultTimeZone,
  onClose,
}: {
  organization?: Organization | undefined;
  defaultTimeZone: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<OrganizationInput>({
    initialValues: {
      name: organization?.name ?? '',
      slug: organization?.slug ?? '',
      timezone: organization?.timezone ?? defaultTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      city: organization?.city ?? '',
      state: organization?.state ?? '',
    },
    validate: zodValidate(organizationInputSchema),
  });
  const mutation = useMutation({
    mutationFn: (values: OrganizationInput) =>
      organization ? updateOrganization(organization.id, values) : createOrganization(values),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
      toast.success(`${saved.name} saved`);
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  return (
    <FormModal
      onClose={onClose}
      title={organization ? `Edit ${organization.name}` : 'New organization'}
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      error={error}
      saving={mutation.isPending}
    >
      <TextInput
        label="Name"
        withAsterisk
        {...form.getInputProps('name')}
        onBlur={() => {
          if (!form.values.slug)
            form.setFieldValue(
              'slug',
              form.values.name
                .toLowerCase()
                .replace(/[^a-z0-9]+/g, '-')
                .replace(/^-|-$/g, ''),
            );
        }}
      />
      <TextInput
        label="Short name (URL)"
        withAsterisk
        description="Lower-case letters, digits and dashes"
        {...form.getInputProps('slug')}
      />
      <TextInput
        label="Time zone"
        withAsterisk
        description="For example America/Chicago"
        {...form.getInputProps('timezone')}
      />
      <Group grow>
        <TextInput label="City" {...form.getInputProps('city')} />
        <TextInput label="State" {...form.getInputProps('state')} />
      </Group>
    </FormModal>
  );
}
