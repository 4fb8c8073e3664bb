/**
 * Minimal RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF, a BOM at the start. Used for
 * roster import (server) and previews (web).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as string;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** One CSV line; fields with commas, quotes or line breaks are quoted. Formula-looking cells are defused. */
export function toCsvLine(values: (string | number | null | undefined)[]): string {
  return values
    .map((value) => {
      let text = value === null || value === undefined ? '' : String(value);
      // A cell starting with = + - @ (or a tab or carriage return before one) would run as a
      // formula in spreadsheets (OWASP CSV injection).
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',');
}
