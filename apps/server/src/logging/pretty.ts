/**
 * Readable log lines for a terminal, built in: pino writes JSON lines into this stream and it
 * prints `14:02:11 INFO  GET /api/teams 200 12 ms` instead. No dev-only dependency (pino-pretty),
 * so a production install can still start in a terminal.
 */
import { EOL } from 'node:os';

type Line = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
};

const LEVELS: Record<number, { name: string; color: number }> = {
  10: { name: 'TRACE', color: 90 },
  20: { name: 'DEBUG', color: 36 },
  30: { name: 'INFO', color: 32 },
  40: { name: 'WARN', color: 33 },
  50: { name: 'ERROR', color: 31 },
  60: { name: 'FATAL', color: 35 },
};
/** Fields shown in their own place (or not at all: pid and hostname say nothing in a terminal). */
const SHOWN = new Set(['level', 'time', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'pid', 'hostname']);

const two = (n: number) => String(n).padStart(2, '0');
const clock = (time: number) => {
  const d = new Date(time);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};
const value = (v: unknown) => (typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v));

/** One JSON log line as one readable line (plus an indented stack for errors). */
export function formatLine(json: string, colors: boolean): string {
  let line: Line;
  try {
    line = JSON.parse(json) as Line;
  } catch {
    return json;
  }
  const paint = (code: number, text: string) => (colors ? `\u001b[${code}m${text}\u001b[0m` : text);
  const level = LEVELS[line.level ?? 30] ?? { name: String(line.level), color: 0 };
  let message = line.msg ?? '';
  if (line.req?.method && line.res?.statusCode !== undefined) {
    // A request line: what was asked, how it ended, how long it took.
    const status = line.res.statusCode;
    const time = line.responseTime === undefined ? '' : ` ${Math.round(line.responseTime)} ms`;
    message = `${line.req.method} ${line.req.url ?? ''} ${paint(status >= 500 ? 31 : status >= 400 ? 33 : 0, String(status))}${time}`;
  }
  const extras = Object.entries(line)
    .filter(([key, v]) => !SHOWN.has(key) && v !== undefined)
    .map(([key, v]) => `${paint(90, `${key}=`)}${value(v)}`);
  if (line.err && !line.err.stack) extras.push(`${paint(90, 'err=')}${value(line.err.message)}`);
  const request = line.reqId ? paint(90, ` (req ${line.reqId})`) : '';
  const head = `${paint(90, clock(line.time ?? Date.now()))} ${paint(level.color, level.name.padEnd(5))} ${message}${extras.length ? `  ${extras.join(' ')}` : ''}${request}`;
  const stack = line.err?.stack ? `${EOL}${line.err.stack.replace(/^/gm, '    ')}` : '';
  return `${head}${stack}${EOL}`;
}

/** A pino destination that writes formatted lines to stdout, in colour when it is a terminal (and NO_COLOR is unset). */
export function prettyStream(
  out: NodeJS.WriteStream = process.stdout,
  colors = Boolean(out.isTTY) && !process.env.NO_COLOR,
) {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json) out.write(formatLine(json, colors));
    },
  };
}
