import { formatDuration, type MessagingDayRow, REPORT_GROUP_LABELS } from '@fieldhouse/shared';
import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import stacked from '../../../components/stacked-table.module.css';
import { messagingReportQueryOptions } from '../api/get-messaging-report.ts';
import type { ReportSearch } from '../utils/report-search.ts';
import { GROUP_COLORS } from './labels.ts';
import {
  ChartBox,
  numericClass,
  ReportError,
  ReportLoading,
  ReportTable,
  StackedBars,
  TableBox,
} from './report-parts.tsx';

export const messagingParams = (s: ReportSearch) => ({ from: s.from, to: s.to, group: s.group });

const COLUMNS = ['COACHES', 'ATHLETES', 'GUARDIANS', 'STAFF'] as const;
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Messages per day by the sender's group, first-response medians, and the daily table. */
export function MessagingReport({ search }: { search: ReportSearch }) {
  const { data, error } = useQuery(messagingReportQueryOptions(messagingParams(search)));
  if (error) return <ReportError error={error} />;
  if (!data) return <ReportLoading />;
  const columns = search.group ? [search.group] : COLUMNS;
  const totals = Object.fromEntries(COLUMNS.map((c) => [c, data.days.reduce((sum, d) => sum + d[c], 0)]));
  const chartData = data.days.map((d: MessagingDayRow) => ({ ...d, label: shortDay(d.day) }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: search.group ? 1 : 3 }} spacing="md">
        {data.firstResponse.map((r) => (
          <Paper key={r.group} withBorder radius="md" p="md" data-testid="first-response">
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Median first response · {REPORT_GROUP_LABELS[r.group]}
            </Text>
            <Text fz={28} fw={700} lh={1.3}>
              {formatDuration(r.medianSeconds)}
            </Text>
            <Text size="xs" c="dimmed">
              {r.answered} of {r.conversationsStarted} {r.conversationsStarted === 1 ? 'request' : 'requests'} answered
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <ChartBox title={`Messages per day, ${shortDay(data.from)} – ${shortDay(data.to)} (${data.timezone} days)`}>
        <StackedBars
          data={chartData}
          dataKey="label"
          series={columns.map((c) => ({ name: c, label: REPORT_GROUP_LABELS[c], color: GROUP_COLORS[c] }))}
          maxBarWidth={28}
          xAxisProps={{ minTickGap: 24 }}
        />
      </ChartBox>
      <TableBox>
        <ReportTable minWidth={560} spacing={4} cards="counts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c} className={numericClass}>
                  {REPORT_GROUP_LABELS[c]}
                </Table.Th>
              ))}
              <Table.Th className={numericClass}>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.days.map((d) => (
              <Table.Tr key={d.day}>
                <Table.Td className={stacked.title}>
                  {new Date(`${d.day}T12:00:00Z`).toLocaleDateString('en-US', {
                    weekday: 'short',
                    month: 'short',
                    day: 'numeric',
                    year: 'numeric',
                    timeZone: 'UTC',
                  })}
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c} className={numericClass} data-label={REPORT_GROUP_LABELS[c]}>
                    <Text size="sm" c={d[c] === 0 ? 'dimmed' : undefined}>
                      {d[c]}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td className={numericClass} data-label="Total" fw={600}>
                  {d.total}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th className={stacked.title}>{data.days.length} days</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c} className={numericClass} data-label={REPORT_GROUP_LABELS[c]}>
                  {(totals[c] ?? 0).toLocaleString()}
                </Table.Th>
              ))}
              <Table.Th className={numericClass} data-label="Total">
                {data.days.reduce((sum, d) => sum + d.total, 0).toLocaleString()}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </ReportTable>
      </TableBox>
    </>
  );
}
