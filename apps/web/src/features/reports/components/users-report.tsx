import { REPORT_ROLE_LABELS, USER_STATUS_LABELS, USER_STATUSES } from '@fieldhouse/shared';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import stacked from '../../../components/stacked-table.module.css';
import { usersReportQueryOptions } from '../api/get-users-report.ts';
import type { ReportSearch } from '../utils/report-search.ts';
import { ROLE_SHORT_LABELS, STATUS_COLORS } from './labels.ts';
import {
  ChartBox,
  numericClass,
  ReportError,
  ReportLoading,
  ReportTable,
  StackedBars,
  TableBox,
} from './report-parts.tsx';

export const usersParams = (s: ReportSearch) => ({ role: s.role, status: s.status, teamId: s.teamId });

/** Users by role and status: a stacked bar per role and the counts table with totals. */
export function UsersReport({ search }: { search: ReportSearch }) {
  const { data, error } = useQuery(usersReportQueryOptions(usersParams(search)));
  if (error) return <ReportError error={error} />;
  if (!data) return <ReportLoading />;
  const statuses = search.status ? [search.status] : USER_STATUSES.filter((s) => data.some((r) => r[s] > 0));
  // Without `role`: recharts copies a row's keys onto its SVG bars, and role="SUPER_ADMIN" is no ARIA role.
  const chartData = data.map(({ role, ...r }) => ({ ...r, label: ROLE_SHORT_LABELS[role] ?? role }));
  const totals = Object.fromEntries(USER_STATUSES.map((s) => [s, data.reduce((sum, r) => sum + r[s], 0)]));
  const total = data.reduce((sum, r) => sum + r.total, 0);
  return (
    <>
      <ChartBox title="People by role and status">
        <StackedBars
          data={chartData}
          dataKey="label"
          series={(statuses.length ? statuses : ['ACTIVE' as const]).map((s) => ({
            name: s,
            label: USER_STATUS_LABELS[s],
            color: STATUS_COLORS[s] ?? 'gray.5',
          }))}
          maxBarWidth={56}
        />
      </ChartBox>
      <TableBox>
        <ReportTable minWidth={640} cards="counts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Role</Table.Th>
              {USER_STATUSES.map((s) => (
                <Table.Th key={s} className={numericClass}>
                  {USER_STATUS_LABELS[s]}
                </Table.Th>
              ))}
              <Table.Th className={numericClass}>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((r) => (
              <Table.Tr key={r.role}>
                <Table.Td className={stacked.title}>{REPORT_ROLE_LABELS[r.role] ?? r.role}</Table.Td>
                {USER_STATUSES.map((s) => (
                  <Table.Td key={s} className={numericClass} data-label={USER_STATUS_LABELS[s]}>
                    <Text size="sm" c={r[s] === 0 ? 'dimmed' : undefined}>
                      {r[s].toLocaleString()}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td className={numericClass} data-label="Total" fw={600}>
                  {r.total.toLocaleString()}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th className={stacked.title}>All roles</Table.Th>
              {USER_STATUSES.map((s) => (
                <Table.Th key={s} className={numericClass} data-label={USER_STATUS_LABELS[s]}>
                  {(totals[s] ?? 0).toLocaleString()}
                </Table.Th>
              ))}
              <Table.Th className={numericClass} data-label="Total">
                {total.toLocaleString()}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </ReportTable>
      </TableBox>
    </>
  );
}
