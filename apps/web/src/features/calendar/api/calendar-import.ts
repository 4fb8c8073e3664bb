import type { CalendarImportResult, CalendarRowValues, ImportConflictChoice } from '@fieldhouse/shared';
import { apiPost } from '../../../lib/api-client.ts';

/** Mapped rows (after the mapping step): always an answer with every row's errors; an import writes the valid rows. */
export const importScheduleRows = async (
  rows: { row: number; values: CalendarRowValues }[],
  dryRun: boolean,
  onConflict: ImportConflictChoice = 'import',
) => {
  const res = await apiPost<{ message: string; data: CalendarImportResult }>('/calendar/import/rows', {
    rows,
    dryRun,
    onConflict,
  });
  return { message: res.message, result: res.data };
};
