import {
  classLabel,
  currentClasses,
  plural,
  type User,
  type UserListQuery,
  type UserSort,
  type UserType,
  userListQuerySchema,
} from '@fieldhouse/shared';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ResponsiveChoice } from '../../../components/responsive-choice.tsx';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import { teamsQueryOptions } from '../../../features/teams/api/teams-queries.ts';
import { usersQueryOptions } from '../../../features/users/api/users-queries.ts';
import { ImportWizard } from '../../../features/users/components/import-wizard.tsx';
import { UserDrawer } from '../../../features/users/components/user-drawer.tsx';
import { UserFormModal } from '../../../features/users/components/user-form-modal.tsx';
import { UsersTable } from '../../../features/users/components/users-table.tsx';
import { download } from '../../../lib/download.ts';

const TYPES: { value: UserType | ''; label: string }[] = [
  { value: '', label: 'Everyone' },
  { value: 'ATHLETE', label: 'Athletes' },
  { value: 'COACH', label: 'Coaches' },
  { value: 'PARENT', label: 'Guardians' },
  { value: 'ADMIN', label: 'Staff' },
];

/** The list's filters plus `person`: the open drawer is part of the URL (shareable, closed with Back). */
const searchSchema = userListQuerySchema.extend({
  person: z.coerce.number().int().positive().optional().catch(undefined),
});

export const Route = createFileRoute('/_app/users/')({
  validateSearch: searchSchema,
  // Opening a person does not refetch the list.
  loaderDeps: ({ search: { person: _person, ...list } }) => list,
  // SPEC §2: the list is fetched before the screen appears.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersQueryOptions(deps)),
  component: UsersPage,
});

function UsersPage() {
  const { person, ...query } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const { state } = useAuth();
  const { data } = useSuspenseQuery(usersQueryOptions(query));
  const teams = useQuery(teamsQueryOptions());
  const [form, setForm] = useState<{ user?: User } | null>(null);
  const [importing, setImporting] = useState(false);
  const [searchText, setSearchText] = useState(query.search);
  // Opened here: closing goes Back, so the history has no stale drawer in it.
  const openedHere = useRef(false);

  const go = (patch: Partial<UserListQuery>) =>
    navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }), replace: true });
  const search = useDebouncedCallback((value: string) => go({ search: value }), 300);
  const sort = (column: UserSort) =>
    go({ sort: column, order: query.sort === column && query.order === 'asc' ? 'desc' : 'asc' });
  const open = (user: User) => {
    openedHere.current = true;
    void navigate({ search: (prev) => ({ ...prev, person: user.id }) });
  };
  const close = () => {
    if (openedHere.current) {
      openedHere.current = false;
      router.history.back();
    } else {
      void navigate({ search: (prev) => ({ ...prev, person: undefined }), replace: true });
    }
  };
  const { paginationInfo: info } = data.data;
  const first = info.totalCount === 0 ? 0 : (info.currentPage - 1) * query.limit + 1;
  const last = Math.min(info.currentPage * query.limit, info.totalCount);
  const filtered = Boolean(query.search || query.type || query.teamId || query.graduationYear);
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
                download(
                  '/user/export',
                  { ...query, teamId: query.teamId ?? null, graduationYear: query.graduationYear ?? null },
                  'users.csv',
                ).catch((e: Error) => toast.error(e.message))
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
              w={{ base: '100%', sm: 320 }}
              aria-label="Search users"
            />
            <Group gap="sm" wrap="wrap">
              <ResponsiveChoice
                data={TYPES}
                value={query.type}
                onChange={(value) => go({ type: value })}
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
                w={220}
              />
              <Select
                placeholder="All classes"
                aria-label="Filter by class"
                data={currentClasses().map((y) => ({ value: String(y), label: classLabel(y) ?? String(y) }))}
                value={query.graduationYear ? String(query.graduationYear) : null}
                onChange={(value) => go({ graduationYear: value ? Number(value) : undefined })}
                clearable
                w={220}
              />
            </Group>
          </Group>
          <UsersTable
            users={data.data.result}
            query={query}
            onSort={sort}
            onSortBy={(column, order) => go({ sort: column, order })}
            onOpen={open}
            empty={
              filtered ? (
                <Stack align="center" py={48} gap={4}>
                  <Text fw={600}>No one matches</Text>
                  <Text size="sm" c="dimmed">
                    Try another name or e-mail, or clear the filters.
                  </Text>
                </Stack>
              ) : (
                <Stack align="center" py={48} gap="xs">
                  <Title order={2} fz="h4">
                    No one here yet
                  </Title>
                  <Text size="sm" c="dimmed" ta="center" maw={440}>
                    Import your roster from a spreadsheet (athletes with their guardians and teams), or add people one
                    at a time.
                  </Text>
                  <Group gap="xs">
                    <Button leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
                      Import roster
                    </Button>
                    <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setForm({})}>
                      Add person
                    </Button>
                  </Group>
                </Stack>
              )
            }
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {info.totalCount === 0
                ? 'No users'
                : `Showing ${first}–${last} of ${plural(info.totalCount, 'person', 'people')}`}
            </Text>
            <Pager total={info.pageCount} value={info.currentPage} onChange={(page) => go({ page })} withEdges />
          </Group>
        </Stack>
      </Paper>
      <UserDrawer
        userId={person ?? null}
        actor={{ id: state.user.id, role: state.user.role }}
        onClose={close}
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
