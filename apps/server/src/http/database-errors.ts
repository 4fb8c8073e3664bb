/**
 * PostgreSQL refusals a client's input can cause, as the 4xx they are (issue #15: no 500 from
 * client input). Schemas catch what they can; these are the values that only the database knows
 * it cannot hold: a number beyond its column, text with a NUL, an id naming nothing. Drizzle
 * wraps the driver's error (`cause`); PGlite and node-pg both carry the SQLSTATE in `code`.
 */
import { badRequest, conflict, type HttpError } from '../errors.ts';

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const DATA_EXCEPTIONS: Record<string, string> = {
  '22003': 'A number is out of range',
  '22021': 'Text contains a character that cannot be stored',
  '22P05': 'Text contains a character that cannot be stored',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
  '22P02': 'A value is not in the expected form',
  '22001': 'A text is too long',
};

/** The HTTP error for a database refusal caused by input; undefined for anything else (a 500). */
export function databaseInputError(error: unknown): HttpError | undefined {
  const state = sqlState(error);
  if (!state) return undefined;
  // Class 22 is "data exception": the value itself, which came from the request.
  if (state.startsWith('22')) return badRequest(DATA_EXCEPTIONS[state] ?? 'A value is not valid', 'invalid_value');
  if (state === '23503') return badRequest('A record this refers to does not exist', 'reference_missing');
  if (state === '23505') return conflict('This already exists', 'duplicate');
  return undefined;
}
