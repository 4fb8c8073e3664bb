import { SEASON_LABELS, TEAM_GENDER_LABELS, TEAM_LEVEL_LABELS } from '@fieldhouse/shared';
import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { participationReportQueryOptions } from '../api/get-participation-report.ts';
import { sportChartTitle } from '../utils/participation-chart.ts';
import { REPORT_PAGE_SIZE, type ReportSearch } from '../utils/report-search.ts';
import { SEASON_COLORS } from './labels.ts';
import { ParticipationTotalsChart, ParticipationTotalsTable } from './participation-totals.tsx';
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

export const participationParams = (s: ReportSearch) => ({
  schoolYear: s.schoolYear,
  sportId: s.sportId,
  season: s.season,
  teamId: s.teamId,
  page: s.page,
  limit: REPORT_PAGE_SIZE,
});

/** Distinct athletes per sport (a bar per sport, a colour per season), the totals by gender and level, and the teams, paged. */
export function ParticipationReport({ search, onPage }: { search: ReportSearch; onPage: (page: number) => void }) {
  const { data, error } = useQuery(participationReportQueryOptions(participationParams(search)));
  if (error) return <ReportError error={error} />;
  if (!data) return <ReportLoading />;
  const seasons = Object.keys(SEASON_LABELS).filter((s) => data.summary.some((r) => r.season === s));
  const bySport = new Map<string, Record<string, number | string>>();
  for (const row of data.summary) {
    const entry = bySport.get(row.sport) ?? { sport: row.sport };
    entry[row.season] = row.athletes;
    bySport.set(row.sport, entry);
  }
  return (
    <>
      {data.summary.length > 0 && (
        <ChartBox title={sportChartTitle(data.totals)}>
          <StackedBars
            h={300}
            data={[...bySport.values()]}
            dataKey="sport"
            series={seasons.map((s) => ({ name: s, label: SEASON_LABELS[s], color: SEASON_COLORS[s] ?? 'gray.5' }))}
            maxBarWidth={40}
          />
        </ChartBox>
      )}
      <ParticipationTotalsChart totals={data.totals} />
      <ParticipationTotalsTable totals={data.totals} />
      <TableBox footer={<Pager info={data.paginationInfo} pageSize={REPORT_PAGE_SIZE} noun="teams" onPage={onPage} />}>
        {data.result.length === 0 ? (
          <ReportEmpty>No teams match these filters.</ReportEmpty>
        ) : (
          <ReportTable minWidth={820}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sport</Table.Th>
                <Table.Th>Season</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th>Level</Table.Th>
                <Table.Th className={numericClass}>Athletes</Table.Th>
                <Table.Th className={numericClass}>Coaches</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.result.map((t) => (
                <Table.Tr key={t.teamId}>
                  <Table.Td data-label="Sport">{t.sport}</Table.Td>
                  <Table.Td data-label="Season">
                    {SEASON_LABELS[t.season] ?? t.season} {t.schoolYear}
                  </Table.Td>
                  <Table.Td data-label="Team">
                    <Text size="sm" fw={500} span>
                      {t.teamName}
                    </Text>
                    {t.status === 'ARCHIVED' && (
                      <Badge size="xs" color="gray" variant="light" ml={6}>
                        Archived
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Level">
                    {TEAM_LEVEL_LABELS[t.level] ?? t.level} · {TEAM_GENDER_LABELS[t.gender] ?? t.gender}
                  </Table.Td>
                  <Table.Td className={numericClass} data-label="Athletes">
                    {t.athletes}
                  </Table.Td>
                  <Table.Td className={numericClass} data-label="Coaches">
                    {t.coaches}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ReportTable>
        )}
      </TableBox>
    </>
  );
}
