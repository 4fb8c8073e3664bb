import type { RosterImportResult, RosterRowValues } from '@fieldhouse/shared';
import { apiPost } from '../../../lib/api-client.ts';

/** Mapped rows (after the mapping step): always an answer with every row's errors; an import writes the valid rows. */
export const importRosterRows = async (rows: { row: number; values: RosterRowValues }[], dryRun: boolean) => {
  const res = await apiPost<{ message: string; data: RosterImportResult }>('/user/import/rows', { rows, dryRun });
  return { message: res.message, result: res.data };
};
