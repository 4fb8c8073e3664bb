/**
 * Column mapping for imports: the spreadsheets schools really have ("First Name", "Grad Year",
 * "Parent 1 Email") matched to our fields, and the dates and times people type (4/15/2010,
 * 2010-04-15, 4:00 PM). The web's mapping step and the server's CSV endpoints use the same rules.
 */
import { z } from 'zod';

/** The most rows one import takes (roster or schedule). */
export const MAX_IMPORT_ROWS = 5000;

/** One mapped row: its number in the spreadsheet (header = row 1) and its values by field. */
export const importRowSchema = <T extends z.ZodType>(values: T) =>
  z
    .object({
      row: z
        .number()
        .int()
        .min(2)
        .max(MAX_IMPORT_ROWS + 1),
      values,
    })
    .strict();

export type ImportField<K extends string = string> = {
  key: K;
  /** What the mapping step calls the field. */
  label: string;
  required?: boolean;
  /** Headers that mean this field, in any case and spacing ("Parent 1 Email" ≈ "parent1email"). */
  aliases: readonly string[];
};

/** Lower-case letters and digits only: "Parent 1 E-mail" → "parent1email". */
export const squashHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9#]/g, '');

/**
 * For each field, the index of the header that means it (or -1). A header matches one field at
 * most; a header that is exactly the field key or one of its aliases wins, fields in order.
 */
export function matchColumns<K extends string>(
  headers: readonly string[],
  fields: readonly ImportField<K>[],
): Record<K, number> {
  const squashed = headers.map(squashHeader);
  const used = new Set<number>();
  const mapping = {} as Record<K, number>;
  for (const field of fields) {
    const names = [field.key, field.label, ...field.aliases].map(squashHeader);
    const index = squashed.findIndex((h, i) => !used.has(i) && h !== '' && names.includes(h));
    mapping[field.key] = index;
    if (index >= 0) used.add(index);
  }
  return mapping;
}

/** The file's rows as records of field → trimmed text, after the mapping (unmapped fields are ''). */
export function applyMapping<K extends string>(
  rows: readonly (readonly string[])[],
  mapping: Record<K, number>,
): Record<K, string>[] {
  const keys = Object.keys(mapping) as K[];
  return rows.map((cells) => {
    const record = {} as Record<K, string>;
    for (const key of keys) {
      const index = mapping[key];
      record[key] = index >= 0 ? (cells[index] ?? '').trim() : '';
    }
    return record;
  });
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const isoOf = (year: number, month: number, day: number) => {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null; // 2/30
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/**
 * A date as people type it, as YYYY-MM-DD; null when it is not one. ISO (2010-04-15, with or
 * without a time after it), US month-first (4/15/2010, 04-15-2010, 4/15/10) and written months
 * (Apr 15, 2010; 15 April 2010). Two-digit years are this century unless that is in the future.
 */
export function parseFlexibleDate(text: string, now = new Date()): string | null {
  const value = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(value);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(value);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s+.*)?$/.exec(value);
  if (m) {
    let year = Number(m[3]);
    if ((m[3] as string).length === 2) {
      const century = Math.floor(now.getUTCFullYear() / 100) * 100;
      year = century + year > now.getUTCFullYear() ? century - 100 + year : century + year;
    }
    return isoOf(year, Number(m[1]), Number(m[2]));
  }
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(value);
  if (m) {
    const month = MONTHS.indexOf((m[1] as string).toLowerCase()) + 1;
    return month ? isoOf(Number(m[3]), month, Number(m[2])) : null;
  }
  m = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/i.exec(value);
  if (m) {
    const month = MONTHS.indexOf((m[2] as string).toLowerCase()) + 1;
    return month ? isoOf(Number(m[3]), month, Number(m[1])) : null;
  }
  return null;
}

/** A time of day as HH:mm (24-hour); null when it is not one. 16:00, 4:00 PM, 4pm, 4:30p. */
export function parseFlexibleTime(text: string): string | null {
  const value = text.trim().toLowerCase().replace(/\./g, '');
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a|p)?$/.exec(value);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const suffix = m[3];
  if (m[2] === undefined && !suffix) return null; // "4" alone is not a time
  if (minute > 59) return null;
  if (suffix) {
    if (hour < 1 || hour > 12) return null;
    if (suffix.startsWith('p') && hour !== 12) hour += 12;
    if (suffix.startsWith('a') && hour === 12) hour = 0;
  } else if (hour > 23) {
    return null;
  }
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Quotes a value for an error message: “Quidditch”. */
export const quoted = (value: string) => `“${value.length > 60 ? `${value.slice(0, 57)}…` : value}”`;
