import { SEASON_LABELS, USER_STATUS_LABELS, type UserStatus } from '@fieldhouse/shared';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import stacked from '../../../components/stacked-table.module.css';
import { rosterReportQueryOptions } from '../api/get-roster-report.ts';
import { REPORT_PAGE_SIZE, type ReportSearch } from '../utils/report-search.ts';
import { Pager, ReportEmpty, ReportError, ReportLoading, ReportTable, TableBox } from './report-parts.tsx';

export const rosterParams = (s: ReportSearch) => ({
  teamId: s.teamId,
  sportId: s.sportId,
  season: s.season,
  page: s.page,
  limit: REPORT_PAGE_SIZE,
});

/** Roster by team: athletes with jersey, contact and guardians, a server page at a time. */
export function RosterReport({ search, onPage }: { search: ReportSearch; onPage: (page: number) => void }) {
  const { data, error } = useQuery(rosterReportQueryOptions(rosterParams(search)));
  if (error) return <ReportError error={error} />;
  if (!data) return <ReportLoading />;
  return (
    <TableBox footer={<Pager info={data.paginationInfo} pageSize={REPORT_PAGE_SIZE} noun="athletes" onPage={onPage} />}>
      {data.result.length === 0 ? (
        <ReportEmpty>No athletes on the chosen teams.</ReportEmpty>
      ) : (
        <ReportTable minWidth={960} spacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Team</Table.Th>
              <Table.Th>Athlete</Table.Th>
              <Table.Th>#</Table.Th>
              <Table.Th>Contact</Table.Th>
              <Table.Th>Guardians</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.result.map((row) => (
              <Table.Tr key={`${row.teamId}:${row.athleteId}`}>
                <Table.Td data-label="Team" className={stacked.wide}>
                  <Text size="sm" fw={500}>
                    {row.teamName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.sport} · {SEASON_LABELS[row.season] ?? row.season} {row.schoolYear}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Athlete">
                  <Text size="sm" fw={500}>
                    {row.athleteName}
                  </Text>
                  {row.status !== 'ACTIVE' && (
                    <Badge size="xs" color="orange" variant="light">
                      {USER_STATUS_LABELS[row.status as UserStatus] ?? row.status}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-label="#">
                  <Text size="sm">{row.jerseyNumber ?? '—'}</Text>
                </Table.Td>
                <Table.Td data-label="Contact" className={stacked.wide}>
                  <Text size="sm">{row.email}</Text>
                  <Text size="xs" c="dimmed">
                    {row.contactNumber ?? 'No phone'}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Guardians" className={stacked.wide}>
                  {row.guardians.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      None linked
                    </Text>
                  ) : (
                    <Stack gap={4}>
                      {row.guardians.map((g) => (
                        <div key={g.email}>
                          <Text size="sm">
                            {g.name}{' '}
                            <Text span size="xs" c="dimmed">
                              ({g.relationship})
                            </Text>
                          </Text>
                          <Text size="xs" c="dimmed">
                            {[g.email, g.contactNumber].filter(Boolean).join(' · ')}
                          </Text>
                        </div>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ReportTable>
      )}
    </TableBox>
  );
}
