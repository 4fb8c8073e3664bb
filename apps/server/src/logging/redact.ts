/**
 * Secrets that travel in URLs never reach a log line: a calendar feed's path is its password,
 * and `token=` / `code=` style query values are credentials.
 */

/** Query parameters whose values are credentials, compared case-insensitively. */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'access_token',
  'id_token',
  'refresh_token',
  'password',
  'secret',
  'signature',
  'sig',
  'key',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

export const REDACTED = '[redacted]';

/** Paths whose segments are secrets: /api/calendar/feeds/<secret>.ics. */
const SECRET_PATHS: [RegExp, string][] = [[/^(\/api\/calendar\/feeds\/)[^/?#]+?(\.ics)?$/, `$1${REDACTED}$2`]];

/** The URL with secret path segments and query values replaced; the rest is left as sent. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed escape is kept as sent; it cannot be one of our names anyway.
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
