import type { RosterImportResult } from '@fieldhouse/shared';
import { ApiError, apiPostText } from '../../../lib/api-client.ts';

/** Uploads a roster CSV; rows with errors come back in the result (HTTP 422), not as a throw. */
export async function importRoster(
  csv: string,
  dryRun: boolean,
): Promise<{ message: string; result: RosterImportResult }> {
  try {
    const res = await apiPostText<{ message: string; data: RosterImportResult }>('/user/import', csv, 'text/csv', {
      dryRun: String(dryRun),
    });
    return { message: res.message, result: res.data };
  } catch (error) {
    const body =
      error instanceof ApiError
        ? (error.body as { message?: string; data?: RosterImportResult } | undefined)
        : undefined;
    if (body?.data) return { message: body.message ?? 'Some rows have errors', result: body.data };
    throw error;
  }
}
