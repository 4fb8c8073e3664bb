import type { BroadcastTracking, BroadcastTrackingQuery } from '@fieldhouse/shared';
import { Badge, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Pager } from '../../../components/pager.tsx';
import { ASKED_AS_LABELS, whenText } from './broadcast-words.ts';

/**
 * A page of the people a broadcast reached, once each: missing first, then who acknowledged,
 * earliest first; or only one of the two (the server pages and filters).
 */
export function BroadcastPeople({
  tracking,
  query,
  onQuery,
  timeZone,
}: {
  tracking: BroadcastTracking;
  query: BroadcastTrackingQuery;
  onQuery: (next: Partial<BroadcastTrackingQuery>) => void;
  timeZone?: string | undefined;
}) {
  const everyone = tracking.recipients;
  return (
    <Stack gap="sm">
      {tracking.requireAck && (
        <SegmentedControl
          aria-label="Show"
          value={query.show}
          onChange={(value) => onQuery({ show: value as BroadcastTrackingQuery['show'], page: 1 })}
          data={[
            { value: 'all', label: `Everyone (${everyone})` },
            { value: 'missing', label: `Missing (${tracking.missing})` },
            { value: 'acknowledged', label: `Acknowledged (${everyone - tracking.missing})` },
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
            {tracking.people.map((p) => (
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
      {tracking.people.length === 0 && (
        <Text c="dimmed" size="sm">
          {query.show === 'missing' ? 'Everyone has acknowledged.' : 'Nobody here yet.'}
        </Text>
      )}
      {tracking.peoplePages.pageCount > 1 && (
        <Pager
          total={tracking.peoplePages.pageCount}
          value={tracking.peoplePages.currentPage}
          onChange={(page) => onQuery({ page })}
        />
      )}
    </Stack>
  );
}
