import { formatDuration, REPORT_GROUP_LABELS } from '@fieldhouse/shared';
import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Conversations waiting for a staff reply, oldest first, a server page at a time. */
export function UnansweredReport({ search, onPage }: { search: ReportSearch; onPage: (page: number) => void }) {
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
                  <Text size="sm" fw={500}>
                    {r.counterpart.name}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Group">
                  <Badge variant="light" color={GROUP_COLORS[r.group].split('.')[0]} size="sm">
                    {REPORT_GROUP_LABELS[r.group]}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Staff member">{r.admin?.name ?? '—'}</Table.Td>
                <Table.Td data-label="Since">
                  <Text size="sm">{when(r.waitingSince)}</Text>
                  {r.lastMessageAt !== r.waitingSince && (
                    <Text size="xs" c="dimmed">
                      last {when(r.lastMessageAt)}
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
