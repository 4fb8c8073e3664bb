import { ApiError, apiPostText } from './api-client.ts';

/** Uploads a CSV for import (or only its check); rows with errors come back in the result (HTTP 422), not as a throw. */
export async function postCsvImport<R>(
  path: string,
  csv: string,
  dryRun: boolean,
): Promise<{ message: string; result: R }> {
  try {
    const res = await apiPostText<{ message: string; data: R }>(path, csv, 'text/csv', { dryRun: String(dryRun) });
    return { message: res.message, result: res.data };
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as { message?: string; data?: R } | undefined) : undefined;
    if (body?.data) return { message: body.message ?? 'Some rows have errors', result: body.data };
    throw error;
  }
}
