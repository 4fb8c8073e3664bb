import { CALENDAR_CSV_COLUMNS, CALENDAR_IMPORT_FIELDS, type CalendarRowValues } from '@fieldhouse/shared';
import { CsvImportWizard, type MappedRow } from '../../../components/csv-import-wizard.tsx';
import { importScheduleRows } from '../api/calendar-import.ts';
import { calendarKeys } from '../api/calendar-queries.ts';

const TEMPLATE = `${CALENDAR_CSV_COLUMNS.join(',')}\n12/4/2026,7:00 PM,9:00 PM,,Game,Girls Varsity Basketball,Girls Varsity Basketball,Central High,Home,Lincoln High School,Main Gym,,Senior night,Scheduled\n12/5/2026,,,yes,Tournament,Holiday Classic,Girls Varsity Basketball,,,Roosevelt Academy,,Bus departs 7:00 AM,,\n`;

/**
 * Schedule import: choose a league's schedule, match its columns, see the rows that double-book
 * (import them anyway or skip them), import the valid events.
 */
export function ScheduleImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <CsvImportWizard
      opened={opened}
      onClose={onClose}
      importRows={(rows: MappedRow[], dryRun, { skipConflicts }) =>
        importScheduleRows(
          rows as { row: number; values: CalendarRowValues }[],
          dryRun,
          skipConflicts ? 'skip' : 'import',
        )
      }
      fields={CALENDAR_IMPORT_FIELDS}
      queryKey={calendarKeys.all}
      title="Import a season schedule"
      dropTitle="Drop a schedule CSV here, or click to choose one"
      dropHint="One event per row: date, time, type, team, opponent. Times are the school’s local time."
      template={{ csv: TEMPLATE, fileName: 'schedule-template.csv' }}
      nameFields={['date', 'title', 'opponent']}
      chunkSize={200}
      readyText="Every event goes on the calendar, and each team gets one message about its new dates."
      doneText={(results) => {
        const n = results.reduce((total, r) => total + r.created, 0);
        return `Imported ${n.toLocaleString('en-US')} event${n === 1 ? '' : 's'}. They are on the calendar and in the subscription feeds.`;
      }}
    />
  );
}
