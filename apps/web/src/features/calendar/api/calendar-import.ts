import type { CalendarImportResult } from '@fieldhouse/shared';
import { ApiError, apiPostText } from '../../../lib/api-client.ts';

/** Uploads a schedule CSV; rows with errors come back in the result (HTTP 422), not as a throw. */
export async function importSchedule(
  csv: string,
  dryRun: boolean,
): Promise<{ message: string; result: CalendarImportResult }> {
  try {
    const res = await apiPostText<{ message: string; data: CalendarImportResult }>(
      '/calendar/import',
      csv,
      'text/csv',
      {
        dryRun: String(dryRun),
      },
    );
    return { message: res.message, result: res.data };
  } catch (error) {
    const body =
      error instanceof ApiError
        ? (error.body as { message?: string; data?: CalendarImportResult } | undefined)
        : undefined;
    if (body?.data) return { message: body.message ?? 'Some rows have errors', result: body.data };
    throw error;
  }
}
