/**
 * The reports screen: a report picker, the chosen report's filters (search params), its chart
 * and table, "Download CSV" (the whole result, same filters) and "Print" (reports-print.css).
 */
import './reports-print.css';
import type { ReportName } from '@fieldhouse/shared';
import { Box, Button, Group } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/page-header.tsx';
import { downloadReport } from '../api/download-report.ts';
import { describeFilters } from '../utils/describe-filters.ts';
import type { ReportSearch } from '../utils/report-search.ts';
import { AvailabilityReport, availabilityParams } from './availability-report.tsx';
import { EventsReport, eventsParams } from './events-report.tsx';
import { REPORTS } from './labels.ts';
import { MessagingReport, messagingParams } from './messaging-report.tsx';
import { ParticipationReport, participationParams } from './participation-report.tsx';
import { ReportFilters } from './report-filters.tsx';
import { ReportFrame } from './report-parts.tsx';
import { ReportPicker } from './report-picker.tsx';
import classes from './reports.module.css';
import { RosterReport, rosterParams } from './roster-report.tsx';
import { UnansweredReport, unansweredParams } from './unanswered-report.tsx';
import { UsersReport, usersParams } from './users-report.tsx';

type Option = { id: number; name: string };

const PARAMS: Record<ReportName, (s: ReportSearch) => Record<string, string | number | undefined>> = {
  roster: rosterParams,
  users: usersParams,
  participation: participationParams,
  messaging: messagingParams,
  unanswered: unansweredParams,
  events: eventsParams,
  availability: availabilityParams,
};

type Props = {
  search: ReportSearch;
  teams: Option[];
  sports: Option[];
  /** Replaces search params: a patch of filters (page back to 1) or another report. */
  onSearch: (patch: Partial<ReportSearch>, reset?: boolean) => void;
  /** The signed-in person: their own unanswered conversations open in Messages. */
  viewerId?: number | undefined;
  /** The school's time zone: a CSV is dated by its day. */
  timeZone?: string | undefined;
};

export function ReportsScreen({ search, teams, sports, onSearch, viewerId, timeZone }: Props) {
  const [downloading, setDownloading] = useState(false);
  const report = REPORTS[search.report];
  const onPage = (page: number) => onSearch({ page });
  const download = () => {
    setDownloading(true);
    downloadReport(search.report, PARAMS[search.report](search), timeZone)
      .catch((e: Error) => toast.error(e.message))
      .finally(() => setDownloading(false));
  };
  const body: Record<ReportName, () => ReactNode> = {
    roster: () => <RosterReport search={search} onPage={onPage} />,
    users: () => <UsersReport search={search} />,
    participation: () => <ParticipationReport search={search} onPage={onPage} />,
    messaging: () => <MessagingReport search={search} />,
    unanswered: () => <UnansweredReport search={search} onPage={onPage} viewerId={viewerId} />,
    events: () => <EventsReport search={search} />,
    availability: () => <AvailabilityReport search={search} onPage={onPage} />,
  };

  return (
    <>
      <Box className={classes.noPrint}>
        <PageHeader
          title="Reports"
          description="Rosters, people, participation, messaging, events and availability, computed live for your school."
          actions={
            <Group gap="xs">
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                Print
              </Button>
              <Button leftSection={<IconDownload size={16} />} onClick={download} loading={downloading}>
                Download CSV
              </Button>
            </Group>
          }
        />
      </Box>
      <ReportPicker value={search.report} onChange={(name) => onSearch({ report: name }, true)} />
      <ReportFilters search={search} teams={teams} sports={sports} onChange={onSearch} />
      <ReportFrame title={report.title} description={report.description} meta={describeFilters(search, teams, sports)}>
        {body[search.report]()}
      </ReportFrame>
    </>
  );
}
