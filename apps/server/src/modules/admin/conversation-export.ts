/**
 * A conversation as a records-request document: CSV (one row per message) or PDF (a header
 * with organization, room, participants, date range, who generated it, when and why; then every
 * message in the organization's time zone; page numbers in the footer).
 */
import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SupervisedConversation, SupervisedMessage } from '@fieldhouse/shared';
import { toCsvLine } from '@fieldhouse/shared';
import PDFDocument from 'pdfkit';
import { personName } from '../audit/snapshots.ts';

export type ConversationExport = {
  organization: { name: string; timezone: string };
  room: { id: number; kind: string; name: string };
  participants: SupervisedConversation['participants'];
  /** What the record covers, read before it starts: how many messages, the first's and last's times. */
  extent: { count: number; firstAt: string | null; lastAt: string | null };
  /** The messages oldest first, a page at a time (both formats stream them). */
  pages: AsyncIterable<SupervisedMessage[]>;
  generatedBy: { firstName: string; lastName: string | null; role: string | null };
  generatedAt: Date;
  reason: string;
};

// One formatter per time zone: building one costs far more than formatting (an export formats every row).
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatInZone(iso: string | Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const senderName = (m: SupervisedMessage) => (m.sender ? personName(m.sender) : 'Fieldhouse');

const CSV_HEADER = [
  'timestamp',
  'timestampUtc',
  'sender',
  'senderRole',
  'type',
  'text',
  'attachments',
  'deleted',
  'editedAtUtc',
  'earlierVersions',
];

/** The CSV, a page of rows per chunk. */
export async function* conversationCsv(data: ConversationExport): AsyncGenerator<string> {
  yield `${toCsvLine(CSV_HEADER)}\r\n`;
  for await (const page of data.pages) {
    if (page.length === 0) continue;
    const lines = page.map((m) =>
      toCsvLine([
        formatInZone(m.createdAt, data.organization.timezone),
        m.createdAt,
        senderName(m),
        m.sender?.role ?? '',
        m.messageType,
        m.content,
        m.attachments.map((a) => a.fileName).join('; '),
        m.deleted ? 'yes' : '',
        m.editedAt ?? '',
        // Every earlier text, oldest first, each with when it was replaced (decision 023).
        m.versions.map((v) => `[replaced ${v.replacedAt}] ${v.content}`).join('\n'),
      ]),
    );
    yield `${lines.join('\r\n')}\r\n`;
  }
}

/** What the footers need of pdfkit's current font (not in its types): its resource name, reference, encoding and widths. */
type PdfFont = {
  id: string;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [string[], unknown];
  widthOfString(text: string, size: number): number;
};

/** Output waiting to be handed on: the PDF goes out in pieces of about this size. */
const PDF_CHUNK_BYTES = 64 * 1024;

/**
 * The PDF as it is laid out, a piece at a time: each finished page is written out and let go
 * (a record of 70,000 messages, some 3,500 pages, held 200–270 MB while it was built whole). The
 * first piece comes after the first page of messages was read, so a failure reading them is an
 * ordinary error answer. `compress: false` keeps the text streams readable (tests).
 */
export async function* conversationPdf(
  data: ConversationExport,
  options: { compress?: boolean } = {},
): AsyncGenerator<Buffer> {
  const tz = data.organization.timezone;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    compress: options.compress ?? true,
    info: {
      Title: `Conversation record: ${data.room.name}`,
      Author: personName(data.generatedBy),
      Subject: `Records request: ${data.reason}`,
      Creator: 'Fieldhouse',
    },
  });
  const output: Buffer[] = [];
  let waiting = 0;
  doc.on('data', (chunk: Buffer) => {
    output.push(chunk);
    waiting += chunk.length;
  });
  const take = () => {
    const piece = Buffer.concat(output);
    output.length = 0;
    waiting = 0;
    return piece;
  };

  // "Page 3 of 120": the 120 is known only at the end, and a page is written out when the next
  // starts. Each page draws its footer as a form written at the end, when the count is known.
  const footers: PDFKit.PDFKitReference[] = [];
  const stampFooter = () => {
    const form = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, doc.page.width, doc.page.height] });
    const name = `Footer${footers.push(form)}`;
    doc.page.xobjects[name] = form;
    // pdfkit draws top-down (it flips the page); the form is drawn in the PDF's own bottom-up space.
    doc.addContent(`q 1 0 0 -1 0 ${doc.page.height} cm /${name} Do Q`);
  };
  stampFooter();
  doc.on('pageAdded', stampFooter);

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const muted = '#555555';
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#111111').text('Conversation record');
  doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor(muted).text(data.organization.name);
  doc.moveDown(0.8);

  const { count, firstAt, lastAt } = data.extent;
  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#111111').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value, { width });
  };
  field('Organization', data.organization.name);
  field('Conversation', `${data.room.name} (${data.room.kind.toLowerCase()}, #${data.room.id})`);
  field(
    'Participants',
    data.participants
      .map(
        (p) =>
          `${personName(p)}${p.role ? ` (${p.role.replaceAll('_', ' ').toLowerCase()})` : ''}${p.reason === 'GUARDIAN' ? ', guardian copy' : ''}`,
      )
      .join('; ') || 'none',
  );
  field(
    'Date range',
    firstAt && lastAt ? `${formatInZone(firstAt, tz)} to ${formatInZone(lastAt, tz)}` : 'no messages',
  );
  field('Messages', String(count));
  field('Time zone', tz);
  field('Generated by', `${personName(data.generatedBy)}${data.generatedBy.role ? ` (${data.generatedBy.role})` : ''}`);
  field('Generated at', formatInZone(data.generatedAt, tz));
  field('Reason', data.reason);
  doc.moveDown(0.6);
  const ruleY = doc.y;
  doc
    .moveTo(doc.page.margins.left, ruleY)
    .lineTo(doc.page.margins.left + width, ruleY)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.8);

  let written = 0;
  for await (const page of data.pages) {
    for (const [i, m] of page.entries()) {
      // Laying out is synchronous: give the server's other work a turn every few dozen messages
      // (a page of 1,000 took 100–250 ms, which every socket and request on the node waited out).
      if (i > 0 && i % 50 === 0) {
        await nextTurn();
        if (waiting >= PDF_CHUNK_BYTES) yield take();
      }
      // Keep a message's heading with at least a line of its text.
      if (doc.y > doc.page.height - doc.page.margins.bottom - 48) doc.addPage();
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor('#111111')
        .text(senderName(m), doc.page.margins.left, doc.y, { continued: true });
      doc
        .font('Helvetica')
        .fillColor(muted)
        .text(
          `   ${formatInZone(m.createdAt, tz)}${m.deleted ? '   (unsent by sender)' : ''}${m.editedAt ? '   (edited)' : ''}`,
        );
      for (const v of m.versions) {
        doc
          .font('Helvetica')
          .fontSize(9)
          .fillColor(muted)
          .text(`Earlier version, replaced ${formatInZone(v.replacedAt, tz)}:`, { width })
          .fillColor('#111111')
          .text(v.content, { width });
      }
      doc.font('Helvetica').fontSize(10).fillColor('#111111');
      if (m.content) doc.text(m.content, { width });
      else if (m.messageType !== 'TEXT') doc.fillColor(muted).text(`[${m.messageType.toLowerCase()}]`);
      if (m.attachments.length) {
        doc
          .fontSize(9)
          .fillColor(muted)
          .text(`Attachments: ${m.attachments.map((a) => a.fileName).join(', ')}`, { width });
      }
      doc.moveDown(0.7);
    }
    written += page.length;
  }
  if (written === 0) doc.font('Helvetica').fillColor(muted).text('This conversation has no messages.');

  const font = (doc.font('Helvetica') as unknown as { _font: PdfFont })._font;
  const size = 8;
  for (const [i, form] of footers.entries()) {
    const text = fitted(
      (room) => `${data.organization.name} · ${room} · Page ${i + 1} of ${footers.length}`,
      data.room.name,
      (line) => font.widthOfString(line, size) <= width,
    );
    const x = doc.page.margins.left + Math.max(0, (width - font.widthOfString(text, size)) / 2);
    form.data = { ...form.data, Resources: { Font: { [font.id]: font.ref() } } } as typeof form.data;
    // #555555, baseline 34 pt above the page's bottom edge.
    form.end(
      `0.333 0.333 0.333 rg BT /${font.id} ${size} Tf 1 0 0 1 ${x.toFixed(2)} 34 Tm [<${font.encode(text)[0].join('')}>] TJ ET`,
    );
  }
  const ended = once(doc, 'end');
  doc.end();
  await ended;
  yield take();
}

/** The line with as much of the name as fits (cut with an ellipsis), or the whole name when it fits. */
function fitted(line: (name: string) => string, name: string, fits: (line: string) => boolean) {
  if (fits(line(name))) return line(name);
  let length = name.length;
  const cut = (length: number) => `${name.slice(0, length).trimEnd()}…`;
  while (length > 1 && !fits(line(cut(length)))) length--;
  return line(cut(length));
}
