import { type User, type UserListQuery, type UserSort, type UserType, userListQuerySchema } from '@fieldhouse/shared';
import { Button, Group, Pagination, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import { teamsQueryOptions } from '../../../features/teams/api/teams-queries.ts';
import { usersQueryOptions } from '../../../features/users/api/users-queries.ts';
import { ImportWizard } from '../../../features/users/components/import-wizard.tsx';
import { UserDrawer } from '../../../features/users/components/user-drawer.tsx';
import { UserFormModal } from '../../../features/users/components/user-form-modal.tsx';
import { UsersTable } from '../../../features/users/components/users-table.tsx';
import { apiDownload } from '../../../lib/api-client.ts';

const TYPES: { value: UserType | ''; label: string }[] = [
  { value: '', label: 'Everyone' },
  { value: 'ATHLETE', label: 'Athletes' },
  { value: 'COACH', label: 'Coaches' },
  { value: 'PARENT', label: 'Guardians' },
  { value: 'ADMIN', label: 'Staff' },
];

export const Route = createFileRoute('/_app/users/')({
  validateSearch: userListQuerySchema,
  loaderDeps: ({ search }) => search,
  // SPEC §2: the list is fetched before the screen appears.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersQueryOptions(deps)),
  component: UsersPage,
});

function UsersPage() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const { state } = useAuth();
  const { data } = useSuspenseQuery(usersQueryOptions(query));
  const teams = useQuery(teamsQueryOptions());
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const [form, setForm] = useState<{ user?: User } | null>(null);
  const [importing, setImporting] = useState(false);
  const [searchText, setSearchText] = useState(query.search);

  const go = (patch: Partial<UserListQuery>) =>
    navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }), replace: true });
  const search = useDebouncedCallback((value: string) => go({ search: value }), 300);
  const sort = (column: UserSort) =>
    go({ sort: column, order: query.sort === column && query.order === 'asc' ? 'desc' : 'asc' });
  const { paginationInfo: info } = data.data;
  const first = info.totalCount === 0 ? 0 : (info.currentPage - 1) * query.limit + 1;
  const last = Math.min(info.currentPage * query.limit, info.totalCount);
  if (state.status !== 'signedIn' || !state.user.role) return null;

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone in your athletic department: staff, coaches, athletes and their guardians."
        actions={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
              Import roster
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                apiDownload('/user/export', { ...query, teamId: query.teamId ?? null }, 'users.csv').catch((e: Error) =>
                  toast.error(e.message),
                )
              }
            >
              Export
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setForm({})}>
              Add person
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <TextInput
              placeholder="Search by name or e-mail"
              leftSection={<IconSearch size={16} />}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.currentTarget.value);
                search(e.currentTarget.value);
              }}
              w={320}
              aria-label="Search users"
            />
            <Group gap="sm" wrap="wrap">
              <SegmentedControl
                data={TYPES}
                value={query.type}
                onChange={(value) => go({ type: value as UserType | '' })}
                aria-label="Filter by type"
              />
              <Select
                placeholder="All teams"
                aria-label="Filter by team"
                data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
                value={query.teamId ? String(query.teamId) : null}
                onChange={(value) => go({ teamId: value ? Number(value) : undefined })}
                clearable
                searchable
                w={240}
              />
            </Group>
          </Group>
          <UsersTable users={data.data.result} query={query} onSort={sort} onOpen={(user) => setOpenUserId(user.id)} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {info.totalCount === 0 ? 'No users' : `Showing ${first}–${last} of ${info.totalCount.toLocaleString()}`}
            </Text>
            <Pagination total={info.pageCount} value={info.currentPage} onChange={(page) => go({ page })} withEdges />
          </Group>
        </Stack>
      </Paper>
      <UserDrawer
        userId={openUserId}
        actor={{ id: state.user.id, role: state.user.role }}
        onClose={() => setOpenUserId(null)}
        onEdit={(user) => setForm({ user })}
      />
      {form && (
        <UserFormModal
          opened
          onClose={() => setForm(null)}
          actorRole={state.user.role}
          teams={teams.data ?? []}
          user={form.user}
        />
      )}
      <ImportWizard opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
