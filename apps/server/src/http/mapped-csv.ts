/**
 * A CSV request body as rows of fields: headers matched the way the web's mapping step matches
 * them (`matchColumns`), each row numbered as in the spreadsheet (the header is row 1).
 */
import { applyMapping, type ImportField, MAX_IMPORT_ROWS, matchColumns, parseCsv } from '@fieldhouse/shared';
import { badRequest } from '../errors.ts';

export function mappedCsvRows<K extends string>(
  csv: string,
  fields: readonly ImportField<K>[],
  /** How the columns should be named, for the "missing column" answer. */
  expected: string,
): { row: number; values: Record<K, string> }[] {
  const [header, ...lines] = parseCsv(csv);
  if (!header) throw badRequest('The file is empty');
  const mapping = matchColumns(header, fields);
  const missing = fields.filter((f) => f.required && mapping[f.key] < 0);
  if (missing.length) throw badRequest(`Missing column(s): ${missing.map((f) => f.label).join(', ')}. ${expected}`);
  if (lines.length === 0) throw badRequest('The file has a header but no rows');
  if (lines.length > MAX_IMPORT_ROWS) {
    throw badRequest(`At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows per import`);
  }
  return applyMapping(lines, mapping).map((values, i) => ({ row: i + 2, values }));
}
