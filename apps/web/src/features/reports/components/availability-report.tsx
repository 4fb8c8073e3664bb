import { AVAILABILITY_LABELS, EVENT_STATUS_LABELS, type EventStatus } from '@fieldhouse/shared';
import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { availabilityReportQueryOptions } from '../api/get-availability-report.ts';
import { REPORT_PAGE_SIZE, type ReportSearch } from '../utils/report-search.ts';
import {
  ChartBox,
  numericClass,
  Pager,
  ReportEmpty,
  ReportError,
  ReportLoading,
  ReportTable,
  StackedBars,
  TableBox,
} from './report-parts.tsx';

export const availabilityParams = (s: ReportSearch) => ({
  from: s.from,
  to: s.to,
  teamId: s.teamId,
  page: s.page,
  limit: REPORT_PAGE_SIZE,
});

const SERIES = [
  { name: 'going', label: AVAILABILITY_LABELS.GOING, color: 'teal.6' },
  { name: 'maybe', label: AVAILABILITY_LABELS.MAYBE, color: 'yellow.6' },
  { name: 'notGoing', label: AVAILABILITY_LABELS.NOT_GOING, color: 'red.6' },
  { name: 'noReply', label: AVAILABILITY_LABELS.NO_REPLY, color: 'gray.5' },
];

/** "Tue, Dec 1, 5:30 PM" from a wall-clock string (already in the school's zone). */
const when = (localStart: string) =>
  new Date(`${localStart}:00Z`).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });

/** Each team event of the range with its roster's answers: a bar per event, then the table. */
export function AvailabilityReport({ search, onPage }: { search: ReportSearch; onPage: (page: number) => void }) {
  const { data, error } = useQuery(availabilityReportQueryOptions(availabilityParams(search)));
  if (error) return <ReportError error={error} />;
  if (!data) return <ReportLoading />;
  const chartData = data.result.map((r) => ({
    event: `${when(r.localStart).replace(/, \d.*$/, '')} · ${r.teamName}`,
    going: r.going,
    maybe: r.maybe,
    notGoing: r.notGoing,
    noReply: r.noReply,
  }));
  return (
    <>
      {data.result.length > 0 && (
        <ChartBox title="Answers per event on this page (athletes on the roster)">
          <StackedBars
            h={Math.max(160, 60 + data.result.length * 30)}
            data={chartData}
            dataKey="event"
            orientation="vertical"
            yAxisProps={{ width: 190 }}
            series={SERIES}
            maxBarWidth={22}
          />
        </ChartBox>
      )}
      <TableBox footer={<Pager info={data.paginationInfo} pageSize={REPORT_PAGE_SIZE} noun="events" onPage={onPage} />}>
        {data.result.length === 0 ? (
          <ReportEmpty>No team events in this range.</ReportEmpty>
        ) : (
          <ReportTable minWidth={820}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Starts</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th className={numericClass}>Going</Table.Th>
                <Table.Th className={numericClass}>Maybe</Table.Th>
                <Table.Th className={numericClass}>Not going</Table.Th>
                <Table.Th className={numericClass}>No reply</Table.Th>
                <Table.Th className={numericClass}>Replied</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.result.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td data-label="Starts">{when(r.localStart)}</Table.Td>
                  <Table.Td data-label="Event">
                    <Anchor
                      size="sm"
                      renderRoot={(props) => (
                        <Link
                          to="/calendar"
                          search={{ view: 'day', date: r.localStart.slice(0, 10), event: r.eventId }}
                          {...props}
                        />
                      )}
                    >
                      {r.title}
                    </Anchor>
                    {r.status !== 'SCHEDULED' && (
                      <Text span size="xs" c={r.status === 'CANCELLED' ? 'red' : 'orange'} ml={6}>
                        {EVENT_STATUS_LABELS[r.status as EventStatus] ?? r.status}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Team">{r.teamName}</Table.Td>
                  <Table.Td className={numericClass} data-label="Going">
                    {r.going}
                  </Table.Td>
                  <Table.Td className={numericClass} data-label="Maybe">
                    {r.maybe}
                  </Table.Td>
                  <Table.Td className={numericClass} data-label="Not going">
                    {r.notGoing}
                  </Table.Td>
                  <Table.Td className={numericClass} data-label="No reply">
                    {r.noReply}
                  </Table.Td>
                  <Table.Td className={numericClass} data-label="Replied">
                    {r.roster ? `${Math.round(((r.roster - r.noReply) / r.roster) * 100)}%` : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ReportTable>
        )}
      </TableBox>
      <Text size="xs" c="dimmed">
        Counts are over each team’s current roster. Athletes answer for themselves or their guardians answer for them; a
        repeating event counts on every date it meets.
      </Text>
    </>
  );
}
