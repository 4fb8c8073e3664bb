import {
  labelOf,
  type ParticipationCounts,
  type ParticipationTotals,
  TEAM_GENDER_LABELS,
  TEAM_LEVEL_LABELS,
} from '@fieldhouse/shared';
import { BarChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import stacked from '../../../components/stacked-table.module.css';
import { genderByLevelRows } from '../utils/participation-chart.ts';
import { GENDER_COLORS } from './labels.ts';
import { ChartBox, numericClass, ReportTable, TableBox } from './report-parts.tsx';

function CountCells({ counts }: { counts: ParticipationCounts }) {
  return (
    <>
      <Table.Td className={numericClass} data-label="Teams">
        {counts.teams.toLocaleString()}
      </Table.Td>
      <Table.Td className={numericClass} data-label="Roster spots">
        {counts.rosterSpots.toLocaleString()}
      </Table.Td>
      <Table.Td className={numericClass} data-label="Athletes" fw={600}>
        {counts.athletes.toLocaleString()}
      </Table.Td>
    </>
  );
}

/**
 * The figures a director files (Title IX, the state association): per team gender, per level
 * and in all, roster spots (an athlete once per team) and athletes (once in the group).
 */
/** Boys beside girls (and coed) at each level: the comparison a Title IX reader looks for. */
export function ParticipationTotalsChart({ totals }: { totals: ParticipationTotals }) {
  const { rows, genders } = genderByLevelRows(totals);
  if (genders.length === 0) return null;
  return (
    <ChartBox title="Athletes by level and team gender (each athlete once per bar)">
      <div data-testid="participation-gender-chart">
        <BarChart
          h={260}
          data={rows}
          dataKey="level"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          maxBarWidth={36}
          series={genders.map((g) => ({
            name: g,
            label: labelOf(TEAM_GENDER_LABELS, g),
            color: GENDER_COLORS[g] ?? 'gray.5',
          }))}
        />
      </div>
    </ChartBox>
  );
}

export function ParticipationTotalsTable({ totals }: { totals: ParticipationTotals }) {
  const rows = [
    ...totals.byGender.map((g) => ({
      key: `g:${g.gender}`,
      by: 'Gender',
      label: labelOf(TEAM_GENDER_LABELS, g.gender),
      counts: g,
    })),
    ...totals.byLevel.map((l) => ({
      key: `l:${l.level}`,
      by: 'Level',
      label: labelOf(TEAM_LEVEL_LABELS, l.level),
      counts: l,
    })),
  ];
  return (
    <TableBox label="Participation totals">
      <Text fw={600} size="sm" mb="xs">
        Participation totals: {totals.total.athletes.toLocaleString()} athletes (each counted once)
      </Text>
      <ReportTable minWidth={560} cards="counts" testId="participation-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>By</Table.Th>
            <Table.Th className={numericClass}>Teams</Table.Th>
            <Table.Th className={numericClass}>Roster spots</Table.Th>
            <Table.Th className={numericClass}>Athletes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key} data-testid="participation-total-row">
              <Table.Td className={stacked.title}>
                <Text size="xs" c="dimmed" span>
                  {r.by}:{' '}
                </Text>
                {r.label}
              </Table.Td>
              <CountCells counts={r.counts} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="participation-total">
            <Table.Th className={stacked.title}>All teams</Table.Th>
            <CountCells counts={totals.total} />
          </Table.Tr>
        </Table.Tfoot>
      </ReportTable>
      <Text size="xs" c="dimmed" mt="xs">
        Roster spots count an athlete once per team; athletes count each person once in the row, so an athlete on a
        boys’ and a coed team is in both gender rows but once in the total.
      </Text>
    </TableBox>
  );
}
