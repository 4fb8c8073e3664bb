import { CALENDAR_CSV_COLUMNS } from '@fieldhouse/shared';
import { CsvImportWizard } from '../../../components/csv-import-wizard.tsx';
import { importSchedule } from '../api/calendar-import.ts';
import { calendarKeys } from '../api/calendar-queries.ts';

const TEMPLATE = `${CALENDAR_CSV_COLUMNS.join(',')}\n2026-12-04,19:00,21:00,,GAME,Girls Varsity Basketball,Girls Varsity Basketball,Central High,HOME,Lincoln High School,Main Gym,,Senior night,SCHEDULED\n2026-12-05,,,yes,TOURNAMENT,Holiday Classic,Girls Varsity Basketball,,,Roosevelt Academy,,Bus departs 7:00 AM,,\n`;

/** Schedule import: pick a CSV, see every row checked, then import all of it at once. */
export function ScheduleImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <CsvImportWizard
      opened={opened}
      onClose={onClose}
      importCsv={importSchedule}
      queryKey={calendarKeys.all}
      title="Import a season schedule"
      dropTitle="Drop a schedule CSV here, or click to choose one"
      dropHint="One event per row: date, times, type, title, team, opponent. Nothing is saved until you confirm."
      columns={CALENDAR_CSV_COLUMNS}
      columnsNote="Times are the school’s local time (24-hour)."
      template={{ csv: TEMPLATE, fileName: 'schedule-template.csv' }}
      shownColumns={['date', 'startTime', 'type', 'title', 'team', 'opponent']}
      readyText="Every event goes on the calendar, and each team gets one message about its new dates."
      doneText={() => 'The events are on the calendar and in the subscription feeds.'}
    />
  );
}
