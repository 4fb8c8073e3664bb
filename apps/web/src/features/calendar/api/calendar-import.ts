import type { CalendarImportResult } from '@fieldhouse/shared';
import { postCsvImport } from '../../../lib/csv-import.ts';

/** Uploads a schedule CSV; rows with errors come back in the result (HTTP 422), not as a throw. */
export const importSchedule = (csv: string, dryRun: boolean) =>
  postCsvImport<CalendarImportResult>('/calendar/import', csv, dryRun);
