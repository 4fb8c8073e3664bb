import { type AuditEntry, auditActionLabel, ROLE_LABELS } from '@fieldhouse/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconDownload, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { Pager } from '../../../components/pager.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { type AuditFilters, auditQueryOptions, downloadAuditCsv } from '../api/get-audit.ts';
import { AuditDiff } from './audit-diff.tsx';
import { EmptyRow } from './empty-row.tsx';

const ACTIONS = [
  { value: 'user', label: 'People' },
  { value: 'team', label: 'Teams' },
  { value: 'event', label: 'Calendar' },
  { value: 'organization', label: 'Organizations' },
  { value: 'sport', label: 'Sports' },
  { value: 'chat', label: 'Supervision' },
];
const COLORS: Record<string, string> = {
  user: 'blue',
  team: 'teal',
  event: 'grape',
  organization: 'orange',
  sport: 'cyan',
  chat: 'red',
};

const actor = (e: AuditEntry) => (e.actor ? [e.actor.firstName, e.actor.lastName].filter(Boolean).join(' ') : 'System');
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Every administrative change: filters, pages, and a before/after view per entry; cards on phones. */
export function AuditLog({ canSeeAllOrganizations }: { canSeeAllOrganizations: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Omit<AuditFilters, 'search'>>({
    page: 1,
    limit: 20,
    action: null,
    entityType: null,
    from: null,
    to: null,
    allOrganizations: false,
  });
  const query: AuditFilters = { ...filters, search: debounced };
  const { data, isFetching } = useQuery(auditQueryOptions(query));
  const [open, setOpen] = useState<number | null>(null);
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const info = data?.data.paginationInfo;
  const rows = data?.data.result ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="md" align="flex-end">
        <div>
          <Title order={4}>Audit log</Title>
          <Text size="sm" c="dimmed">
            Who changed what, and when. Select an entry to see its before and after.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadAuditCsv(query).catch((e: Error) => toast.error(e.message))}
        >
          Export CSV
        </Button>
      </Group>
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Summary or person"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            set({});
          }}
          w={260}
        />
        <Select
          label="Area"
          placeholder="All areas"
          data={ACTIONS}
          value={filters.action}
          onChange={(action) => set({ action })}
          clearable
          w={170}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.currentTarget.value || null })}
          w={160}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || null })}
          w={160}
        />
        {canSeeAllOrganizations && (
          <Switch
            label="All organizations"
            checked={filters.allOrganizations}
            onChange={(e) => set({ allOrganizations: e.currentTarget.checked })}
            mb={8}
          />
        )}
      </Group>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={isFetching} className={stacked.grid}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <span className={stacked.visuallyHidden}>Changes</span>
            </Table.Th>
            <Table.Th w={170}>When</Table.Th>
            <Table.Th w={200}>Who</Table.Th>
            <Table.Th w={170}>Action</Table.Th>
            <Table.Th>Summary</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <EmptyRow colSpan={5} loading={!data}>
              No changes match these filters.
            </EmptyRow>
          )}
          {rows.map((entry) => {
            const expanded = open === entry.id;
            const details = `audit-entry-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <Table.Tr
                  onClick={() => setOpen(expanded ? null : entry.id)}
                  style={{ cursor: 'pointer' }}
                  data-expanded={expanded || undefined}
                >
                  <Table.Td className={stacked.actions}>
                    {/* One name whether open or not: aria-expanded says which. The row's click toggles. */}
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Changes: ${entry.summary}`}
                      aria-expanded={expanded}
                      aria-controls={details}
                    >
                      {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td data-label="When">
                    <Text size="sm">{when(entry.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td data-label="Who">
                    <Text size="sm" fw={500}>
                      {actor(entry)}
                    </Text>
                    {entry.actor?.role && (
                      <Text size="xs" c="dimmed">
                        {ROLE_LABELS[entry.actor.role]}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Action" className={stacked.wide}>
                    <Badge variant="light" color={COLORS[entry.action.split('.')[0] ?? ''] ?? 'gray'} tt="none">
                      {auditActionLabel(entry.action)}
                    </Badge>
                  </Table.Td>
                  <Table.Td className={stacked.title}>
                    <Text inherit>{entry.summary}</Text>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr style={expanded ? undefined : { display: 'none' }}>
                  <Table.Td colSpan={5} p={0} id={details}>
                    <Collapse expanded={expanded}>
                      <Stack p={{ base: 'xs', sm: 'md' }} gap="xs">
                        {entry.reason && (
                          <Text size="sm">
                            <Text span fw={600}>
                              Reason:{' '}
                            </Text>
                            {entry.reason}
                          </Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {entry.entity.type}
                          {entry.entity.id ? ` #${entry.entity.id}` : ''} · {new Date(entry.createdAt).toLocaleString()}
                        </Text>
                        <AuditDiff before={entry.before} after={entry.after} />
                      </Stack>
                    </Collapse>
                  </Table.Td>
                </Table.Tr>
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
      {info && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {info.totalCount.toLocaleString()} {info.totalCount === 1 ? 'entry' : 'entries'}
          </Text>
          {info.pageCount > 1 && (
            <Pager
              total={info.pageCount}
              value={info.currentPage}
              onChange={(page) => setFilters((f) => ({ ...f, page }))}
            />
          )}
        </Group>
      )}
    </Paper>
  );
}
