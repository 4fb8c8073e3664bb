import type { BroadcastTracking } from '@fieldhouse/shared';
import { Badge, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ASKED_AS_LABELS, whenText } from './broadcast-words.ts';

type Filter = 'all' | 'missing' | 'done';

/** Everyone a broadcast reached, once each: missing first, then who acknowledged, earliest first. */
export function BroadcastPeople({
  tracking,
  timeZone,
}: {
  tracking: BroadcastTracking;
  timeZone?: string | undefined;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const shown = tracking.people.filter((p) =>
    filter === 'all' ? true : filter === 'missing' ? !p.acknowledgedAt : Boolean(p.acknowledgedAt),
  );
  const missing = tracking.people.filter((p) => !p.acknowledgedAt).length;
  return (
    <Stack gap="sm">
      {tracking.requireAck && (
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          data={[
            { value: 'all', label: `Everyone (${tracking.people.length})` },
            { value: 'missing', label: `Missing (${missing})` },
            { value: 'done', label: `Acknowledged (${tracking.people.length - missing})` },
          ]}
        />
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Reached as</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th>Read</Table.Th>
              {tracking.requireAck && <Table.Th>Acknowledged</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  {p.firstName} {p.lastName}
                </Table.Td>
                <Table.Td>{ASKED_AS_LABELS[p.askedAs]}</Table.Td>
                <Table.Td>{p.teams.length ? p.teams.join(', ') : 'Coaches’ room'}</Table.Td>
                <Table.Td>
                  {p.read ? (
                    'Read'
                  ) : (
                    <Text c="dimmed" span size="sm">
                      Not yet
                    </Text>
                  )}
                </Table.Td>
                {tracking.requireAck && (
                  <Table.Td>
                    {p.acknowledgedAt ? (
                      whenText(p.acknowledgedAt, timeZone)
                    ) : (
                      <Badge color="orange" variant="light">
                        Missing
                      </Badge>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && (
        <Text c="dimmed" size="sm">
          {filter === 'missing' ? 'Everyone has acknowledged.' : 'Nobody here yet.'}
        </Text>
      )}
    </Stack>
  );
}
