/**
 * A conversation as a records-request document: CSV (one row per message) or PDF (a header
 * with organization, room, participants, date range, who generated it, when and why; then every
 * message in the organization's time zone; page numbers in the footer).
 */
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
  /** The messages oldest first, a page at a time (the CSV streams them; the PDF is built whole). */
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

/** Renders the PDF; `compress: false` keeps the text streams readable (tests). */
export async function conversationPdf(data: ConversationExport, options: { compress?: boolean } = {}): Promise<Buffer> {
  const tz = data.organization.timezone;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: `Conversation record: ${data.room.name}`,
      Author: personName(data.generatedBy),
      Subject: `Records request: ${data.reason}`,
      Creator: 'Fieldhouse',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Awaited only at the end; an error while the pages are read must not go unhandled meanwhile.
  done.catch(() => {});

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
      if (i > 0 && i % 50 === 0) await nextTurn();
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

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would start a new page; lift the margin for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(
        `${data.organization.name} · ${data.room.name} · Page ${i + 1} of ${range.count}`,
        doc.page.margins.left,
        doc.page.height - 40,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
