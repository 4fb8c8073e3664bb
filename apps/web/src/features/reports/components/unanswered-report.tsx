import { formatDuration, REPORT_GROUP_LABELS } from '@fieldhouse/shared';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { unansweredReportQueryOptions } from '../api/get-unanswered-report.ts';
import { REPORT_PAGE_SIZE, type ReportSearch } from '../utils/report-search.ts';
import { GROUP_COLORS } from './labels.ts';
import {
  numericClass,
  Pager,
  ReportEmpty,
  ReportError,
  ReportLoading,
  ReportTable,
  TableBox,
} from './report-parts.tsx';

export const unansweredParams = (s: ReportSearch) => ({ group: s.group, page: s.page, limit: REPORT_PAGE_SIZE });

/** In the school's zone (as the CSV), not the browser's: a director away from school sees school time. */
const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });

/**
 * Conversations waiting for a staff reply, oldest first, a server page at a time. The viewer's
 * own open in Messages with the room selected; another staff member's direct conversation is
 * theirs (others read it only through supervision, with a reason), so it names who should reply.
 */
export function UnansweredReport({
  search,
  onPage,
  viewerId,
}: {
  search: ReportSearch;
  onPage: (page: number) => void;
  viewerId?: number | undefined;
}) {
  const { data, error } = useQuery(unansweredReportQueryOptions(unansweredParams(search)));
  if (error) return <ReportError error={error} />;
  if (!data) return <ReportLoading />;
  return (
    <TableBox
      footer={<Pager info={data.paginationInfo} pageSize={REPORT_PAGE_SIZE} noun="conversations" onPage={onPage} />}
    >
      {data.result.length === 0 ? (
        <ReportEmpty>Every conversation has a reply. Nothing is waiting.</ReportEmpty>
      ) : (
        <ReportTable minWidth={820} spacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Waiting</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>Group</Table.Th>
              <Table.Th>Staff member</Table.Th>
              <Table.Th>Since</Table.Th>
              <Table.Th className={numericClass}>Messages</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.result.map((r) => (
              <Table.Tr key={r.roomId}>
                <Table.Td data-label="Waiting">
                  <Text size="sm" fw={600} c={r.waitingSeconds > 86_400 ? 'red' : undefined}>
                    {formatDuration(r.waitingSeconds)}
                  </Text>
                </Table.Td>
                <Table.Td data-label="From">
                  {r.admin && r.admin.id === viewerId ? (
                    <Anchor
                      size="sm"
                      fw={500}
                      aria-label={`Open the conversation with ${r.counterpart.name}`}
                      renderRoot={(props) => (
                        <Link to="/messages" search={{ tab: r.group, roomId: r.roomId }} {...props} />
                      )}
                    >
                      {r.counterpart.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={500}>
                      {r.counterpart.name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Group">
                  <Badge variant="light" color={GROUP_COLORS[r.group].split('.')[0]} size="sm">
                    {REPORT_GROUP_LABELS[r.group]}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Staff member">
                  {r.admin && r.admin.id === viewerId ? 'You' : (r.admin?.name ?? '—')}
                </Table.Td>
                <Table.Td data-label="Since">
                  <Text size="sm">{when(r.waitingSince, data.timezone)}</Text>
                  {r.lastMessageAt !== r.waitingSince && (
                    <Text size="xs" c="dimmed">
                      last {when(r.lastMessageAt, data.timezone)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={numericClass} data-label="Messages">
                  {r.waitingMessages}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ReportTable>
      )}
    </TableBox>
  );
}
