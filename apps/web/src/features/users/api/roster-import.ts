import type { RosterImportResult } from '@fieldhouse/shared';
import { postCsvImport } from '../../../lib/csv-import.ts';

/** Uploads a roster CSV; rows with errors come back in the result (HTTP 422), not as a throw. */
export const importRoster = (csv: string, dryRun: boolean) =>
  postCsvImport<RosterImportResult>('/user/import', csv, dryRun);
