/** A pino destination that keeps the app's log lines (parsed) for a test to read. */
import { Writable } from 'node:stream';

export type LogLine = {
  level: number;
  msg: string;
  reqId?: string;
  errorId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  err?: { stack?: string };
  [key: string]: unknown;
};

export function captureLogs() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { stream, lines };
}
