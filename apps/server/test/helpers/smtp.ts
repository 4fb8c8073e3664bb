/**
 * A real SMTP server for tests (smtp-server) that keeps what it receives, and a small reader of
 * the raw mails: unfolded headers and the decoded text/plain and text/html parts (7bit,
 * quoted-printable or base64), as a mail app would show them.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  raw: string;
  headers: Map<string, string>;
  text: string;
  html: string;
};

const decode = (body: string, encoding: string | undefined) => {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
};

function headersOf(block: string) {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

const split = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  return at < 0 ? [raw, ''] : [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')];
};

export function readMail(raw: string, to: string[]): ReceivedMail {
  const [head = '', body = ''] = split(raw);
  const headers = headersOf(head);
  const mail: ReceivedMail = { to, raw, headers, text: '', html: '' };
  const visit = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const part of partBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const [h = '', b = ''] = split(part.replace(/^\r?\n/, ''));
        visit(headersOf(h), b);
      }
      return;
    }
    const text = decode(partBody, partHeaders.get('content-transfer-encoding')?.toLowerCase());
    if (type.startsWith('text/html')) mail.html += text;
    else if (type.startsWith('text/plain')) mail.text += text;
  };
  visit(headers, body);
  return mail;
}

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(
          readMail(
            Buffer.concat(chunks).toString(),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    to: (email: string) => received.filter((mail) => mail.to.includes(email)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
