import {
  classLabel,
  formatDisplayDate,
  ROLE_LABELS,
  USER_STATUS_LABELS,
  type User,
  type UserListQuery,
  type UserSort,
} from '@fieldhouse/shared';
import { Avatar, Badge, Group, NativeSelect, ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SportIcon } from '../../../components/sport-icon.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { initials, ROLE_COLORS, STATUS_COLORS } from './labels.ts';

type Props = {
  users: User[];
  query: UserListQuery;
  onSort: (sort: UserSort) => void;
  /** Sets column and order at once (the phone's sort select). */
  onSortBy: (sort: UserSort, order: 'asc' | 'desc') => void;
  onOpen: (user: User) => void;
  /** Shown instead of rows when the list is empty (a new school's first steps, or "no one matches"). */
  empty: ReactNode;
};

function SortHeader({
  label,
  column,
  query,
  onSort,
}: {
  label: string;
  column: UserSort;
  query: UserListQuery;
  onSort: (s: UserSort) => void;
}) {
  const active = query.sort === column;
  const Icon = active ? (query.order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

const SORT_LABELS: Record<UserSort, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  role: 'Role',
  graduationYear: 'Class',
  status: 'Status',
  createdAt: 'Added',
};

/** On a phone the column headers are hidden with the table's grid; sorting moves to a select. */
function PhoneSort({ query, onSortBy }: Pick<Props, 'query' | 'onSortBy'>) {
  const value = `${query.sort}:${query.order}`;
  return (
    <NativeSelect
      hiddenFrom="sm"
      mb="sm"
      label="Sort by"
      value={value}
      onChange={(e) => {
        const [column, order] = e.currentTarget.value.split(':') as [UserSort, 'asc' | 'desc'];
        onSortBy(column, order);
      }}
      data={Object.entries(SORT_LABELS).flatMap(([column, label]) => [
        { value: `${column}:asc`, label: `${label} (A–Z, oldest first)` },
        { value: `${column}:desc`, label: `${label} (Z–A, newest first)` },
      ])}
    />
  );
}

/**
 * The user list: sortable columns, a row per person; a click (or the name, by keyboard) opens the
 * detail drawer. On a phone each person is a card (stacked-table.module.css).
 */
export function UsersTable({ users, query, onSort, onSortBy, onOpen, empty }: Props) {
  return (
    <ScrollArea type="never">
      <PhoneSort query={query} onSortBy={onSortBy} />
      <Table highlightOnHover verticalSpacing="sm" miw={{ base: 0, sm: 960 }} stickyHeader className={stacked.grid}>
        <Table.Thead className={stacked.hiddenWhenStacked}>
          <Table.Tr>
            <SortHeader label="First name" column="firstName" query={query} onSort={onSort} />
            <SortHeader label="Last name" column="lastName" query={query} onSort={onSort} />
            <SortHeader label="E-mail" column="email" query={query} onSort={onSort} />
            <SortHeader label="Role" column="role" query={query} onSort={onSort} />
            <SortHeader label="Class" column="graduationYear" query={query} onSort={onSort} />
            <Table.Th>Teams</Table.Th>
            <SortHeader label="Status" column="status" query={query} onSort={onSort} />
            <SortHeader label="Added" column="createdAt" query={query} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const teams = [
              ...user.JoinedTeams,
              ...(user.Coach?.TeamCoaches.flatMap((tc) => (tc.Team ? [tc.Team] : [])) ?? []),
            ];
            return (
              <Table.Tr key={user.id} onClick={() => onOpen(user)} style={{ cursor: 'pointer' }} data-testid="user-row">
                <Table.Td className={stacked.title}>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar
                      src={user.userImage}
                      radius="xl"
                      size={32}
                      color={user.role ? ROLE_COLORS[user.role] : 'gray'}
                    >
                      {initials(user)}
                    </Avatar>
                    <UnstyledButton
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(user);
                      }}
                      aria-label={`Open ${[user.firstName, user.lastName].filter(Boolean).join(' ')}`}
                      data-touch-target
                    >
                      <Text size="sm" fw={500}>
                        {user.firstName}
                        <Text span hiddenFrom="sm" inherit>
                          {user.lastName ? ` ${user.lastName}` : ''}
                        </Text>
                      </Text>
                    </UnstyledButton>
                  </Group>
                </Table.Td>
                <Table.Td className={stacked.hiddenWhenStacked}>
                  <Text size="sm">{user.lastName ?? '—'}</Text>
                </Table.Td>
                <Table.Td data-label="E-mail" className={stacked.wide}>
                  <Text size="sm" c="dimmed">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Role">
                  {user.role && (
                    <Badge variant="light" color={ROLE_COLORS[user.role]} radius="sm">
                      {ROLE_LABELS[user.role]}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-label="Class">
                  <Text
                    size="sm"
                    c={user.graduationYear ? undefined : 'dimmed'}
                    title={classLabel(user.graduationYear) ?? ''}
                  >
                    {user.graduationYear ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Teams">
                  <Stack gap={2}>
                    {teams.slice(0, 2).map((team) => (
                      <Group key={team.id} gap={4} wrap="nowrap">
                        <SportIcon icon={team.Sport.icon} size={14} />
                        <Text size="xs">{team.name}</Text>
                      </Group>
                    ))}
                    {teams.length > 2 && (
                      <Text size="xs" c="dimmed">
                        +{teams.length - 2} more
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td data-label="Status">
                  <Badge variant="dot" color={STATUS_COLORS[user.status]}>
                    {USER_STATUS_LABELS[user.status]}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Added">
                  <Text size="sm" c="dimmed">
                    {formatDisplayDate(user.createdAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {users.length === 0 && empty}
    </ScrollArea>
  );
}
