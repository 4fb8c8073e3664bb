import { EVENT_STATUS_LABELS, EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from '@fieldhouse/shared';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { eventsReportQueryOptions } from '../api/get-events-report.ts';
import type { ReportSearch } from '../utils/report-search.ts';
import { EVENT_TYPE_COLORS } from './labels.ts';
import {
  ChartBox,
  numericClass,
  ReportEmpty,
  ReportError,
  ReportLoading,
  ReportTable,
  StackedBars,
  TableBox,
} from './report-parts.tsx';

export const eventsParams = (s: ReportSearch) => ({
  from: s.from,
  to: s.to,
  teamId: s.teamId,
  type: s.type,
  status: s.eventStatus,
});

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Events per month, a colour per type, and the month × type × status counts. */
export function EventsReport({ search }: { search: ReportSearch }) {
  const { data, error } = useQuery(eventsReportQueryOptions(eventsParams(search)));
  if (error) return <ReportError error={error} />;
  if (!data) return <ReportLoading />;
  // Every month of the range, so quiet months show as gaps rather than vanishing.
  const months: string[] = [];
  for (let m = data.from.slice(0, 7); m <= data.to.slice(0, 7); ) {
    months.push(m);
    const [y, mo] = m.split('-').map(Number) as [number, number];
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  const types = EVENT_TYPES.filter((t) => data.result.some((r) => r.type === t));
  const chartData = months.map((month) => {
    const entry: Record<string, string | number> = { month: monthLabel(month) };
    for (const t of types)
      entry[t] = data.result.filter((r) => r.month === month && r.type === t).reduce((s, r) => s + r.count, 0);
    return entry;
  });
  const total = data.result.reduce((s, r) => s + r.count, 0);
  return (
    <>
      <ChartBox
        title={`Events per month (${total.toLocaleString()} in ${monthLabel(months[0] ?? data.from.slice(0, 7))} – ${monthLabel(months.at(-1) ?? data.to.slice(0, 7))})`}
      >
        {total === 0 ? (
          <ReportEmpty>No events in this range.</ReportEmpty>
        ) : (
          <StackedBars
            data={chartData}
            dataKey="month"
            series={types.map((t) => ({
              name: t,
              label: EVENT_TYPE_LABELS[t as EventType],
              color: EVENT_TYPE_COLORS[t] ?? 'gray.5',
            }))}
            maxBarWidth={48}
          />
        )}
      </ChartBox>
      <TableBox>
        {data.result.length === 0 ? (
          <ReportEmpty>No events match these filters.</ReportEmpty>
        ) : (
          <ReportTable minWidth={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th className={numericClass}>Events</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.result.map((r) => (
                <Table.Tr key={`${r.month}:${r.type}:${r.status}`}>
                  <Table.Td data-label="Month">{monthLabel(r.month)}</Table.Td>
                  <Table.Td data-label="Type">{EVENT_TYPE_LABELS[r.type as EventType] ?? r.type}</Table.Td>
                  <Table.Td data-label="Status">
                    <Text
                      size="sm"
                      c={r.status === 'CANCELLED' ? 'red' : r.status === 'POSTPONED' ? 'orange' : undefined}
                    >
                      {EVENT_STATUS_LABELS[r.status] ?? r.status}
                    </Text>
                  </Table.Td>
                  <Table.Td className={numericClass} data-label="Events">
                    {r.count}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ReportTable>
        )}
      </TableBox>
      <Text size="xs" c="dimmed">
        A repeating event counts on every date it meets, as the calendar shows it; a deleted date is left out.
      </Text>
    </>
  );
}
