import { describe, expect, it } from 'vitest';
import { wantsPretty } from './options.ts';
import { formatLine } from './pretty.ts';

const at = new Date(2026, 2, 14, 9, 5, 7).getTime();

describe('readable log lines', () => {
  it('prints a request as method, path, status and time, with its request id', () => {
    const line = formatLine(
      JSON.stringify({
        level: 30,
        time: at,
        pid: 1,
        hostname: 'h',
        reqId: 'abc-123',
        req: { method: 'GET', url: '/api/teams?page=2' },
        res: { statusCode: 200 },
        responseTime: 12.4,
        msg: 'request completed',
      }),
      false,
    );
    expect(line).toBe('09:05:07 INFO  GET /api/teams?page=2 200 12 ms (req abc-123)\n');
  });

  it('prints other fields as key=value and an error’s stack indented below', () => {
    const line = formatLine(
      JSON.stringify({
        level: 50,
        time: at,
        msg: 'request failed',
        errorId: 'internal',
        detail: { a: 1 },
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' },
      }),
      false,
    );
    expect(line).toBe(
      '09:05:07 ERROR request failed  errorId=internal detail={"a":1}\n    Error: boom\n        at x (y.ts:1:1)\n',
    );
  });

  it('colours the level in a terminal and passes anything that is not JSON through', () => {
    expect(formatLine(JSON.stringify({ level: 40, time: at, msg: 'careful' }), true)).toContain('\u001b[33mWARN ');
    expect(formatLine('plain text', true)).toBe('plain text');
  });

  it('is chosen for a person at a terminal, never in production, and LOG_FORMAT decides when set', () => {
    expect(wantsPretty({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, true)).toBe(true);
    expect(wantsPretty({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, false)).toBe(false);
    expect(wantsPretty({ LOG_FORMAT: 'auto', NODE_ENV: 'production' }, true)).toBe(false);
    expect(wantsPretty({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe(true);
    expect(wantsPretty({ LOG_FORMAT: 'json', NODE_ENV: 'development' }, true)).toBe(false);
  });
});
