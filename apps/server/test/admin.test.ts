import {
  auditEntrySchema,
  pagedResponseSchema,
  parseCsv,
  supervisedConversationSchema,
  systemStatusSchema,
} from '@fieldhouse/shared';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatRoomMembers, organizations, users } from '../src/db/schema/index.ts';
import { conversationPdf } from '../src/modules/admin/conversation-export.ts';
import { exportExtent, supervisedMessagePages } from '../src/modules/admin/supervision.ts';
import { sendMessage } from '../src/modules/chat/messages.ts';
import { ensureDirectRoom, type Room } from '../src/modules/chat/rooms.ts';
import { ensureTeamRoom } from '../src/modules/chat/team-room.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let other: School;
let director: Awaited<ReturnType<typeof as>>;
let superAdmin: Awaited<ReturnType<typeof as>>;
let direct: Room;
let teamRoom: Room;
let otherRoom: Room;
const sockets: Socket[] = [];
const REASON = 'Parent complaint ref 2026-114 about late-night messages';

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  director = await as(app, school.director);
  superAdmin = await as(app, school.superAdmin);
  const db = app.testDatabase.db;
  // The coach and a minor athlete: the guardian is a member, and the room says so (safeguarding).
  direct = await ensureDirectRoom(db, school.coach, school.athlete);
  await sendMessage(db, school.coach, direct, { content: 'Practice moved to 6pm', messageType: 'TEXT' });
  await sendMessage(db, school.athlete, direct, { content: 'Thanks coach, see you there', messageType: 'TEXT' });
  teamRoom = await ensureTeamRoom(db, school.varsity.id);
  await sendMessage(db, school.coach, teamRoom, { content: 'Bring the blue jerseys', messageType: 'TEXT' });
  otherRoom = await ensureDirectRoom(db, other.coach, other.athlete);
  await sendMessage(db, other.coach, otherRoom, { content: 'Eastview secret plays', messageType: 'TEXT' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const conversations = pagedResponseSchema(supervisedConversationSchema);
async function search(query: string, client = director) {
  const res = await client.get(`/api/admin/conversations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return conversations.parse(res.json()).data;
}
const auditPage = pagedResponseSchema(auditEntrySchema);
const auditOf = async (action: string) =>
  auditPage.parse((await superAdmin.get(`/api/audit?action=${action}&limit=100`)).json()).data.result;
const members = (roomId: number) =>
  app.testDatabase.db.select().from(chatRoomMembers).where(eq(chatRoomMembers.roomId, roomId));
const reason = encodeURIComponent(REASON);
const generatedMessages = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    createdAt: new Date(Date.UTC(2026, 0, 5, 15, i)).toISOString(),
    sender: { id: 1, firstName: 'Cora', lastName: 'Coach', role: 'COACH' as const },
    content: `Message number ${i + 1}`,
    messageType: 'TEXT',
    deleted: false,
    deletedAt: null,
    editedAt: null,
    versions: [],
    attachments: i === 3 ? [{ fileName: 'schedule.pdf', mimeType: 'application/pdf', size: 1000 }] : [],
  }));

/** An uncompressed PDF of the messages, read in pages as the route reads them; each piece with how many pages had been read. */
async function renderPdf(messages: ReturnType<typeof generatedMessages>, roomName: string, pageSize: number) {
  let pagesRead = 0;
  const pieces: { bytes: number; pagesRead: number }[] = [];
  const chunks: Buffer[] = [];
  const pdf = conversationPdf(
    {
      organization: { name: 'Westfield High', timezone: 'America/Chicago' },
      room: { id: 1, kind: 'DIRECT', name: roomName },
      participants: [],
      extent: {
        count: messages.length,
        firstAt: messages[0]?.createdAt ?? null,
        lastAt: messages.at(-1)?.createdAt ?? null,
      },
      pages: (async function* () {
        for (let i = 0; i < messages.length; i += pageSize) {
          pagesRead++;
          yield messages.slice(i, i + pageSize);
        }
      })(),
      generatedBy: { firstName: 'Dana', lastName: 'Director', role: 'ATHLETIC_DIRECTOR' },
      generatedAt: new Date(),
      reason: REASON,
    },
    { compress: false },
  );
  for await (const chunk of pdf) {
    pieces.push({ bytes: chunk.length, pagesRead });
    chunks.push(chunk);
  }
  return { pdf: Buffer.concat(chunks).toString('latin1'), pieces };
}

const pageCount = (pdf: string) => Number(pdf.match(/\/Type \/Pages\s*\/Count (\d+)/)?.[1]);

/** Every object the cross-reference table names starts where it says: a reader can open the file. */
function expectReadableObjects(pdf: string) {
  const start = pdf.lastIndexOf('\nxref\n') + 1;
  const table = pdf.slice(start);
  const offsets = [...table.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(offsets.length).toBeGreaterThan(10);
  for (const [i, offset] of offsets.entries())
    expect(pdf.slice(offset, offset + 20)).toMatch(new RegExp(`^${i + 1} 0 obj`));
  expect(Number(pdf.match(/startxref\n(\d+)/)?.[1])).toBe(start);
}

/** The text of an uncompressed PDF's `[<hex> kern <hex>] TJ` runs, one line per run. */
const pdfText = (pdf: string) =>
  [...pdf.matchAll(/\[([^\]]*)\] TJ/g)]
    .map((run) =>
      [...(run[1] ?? '').matchAll(/<([0-9a-f]*)>/g)]
        .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');

describe('conversation search', () => {
  it('lists the organization’s conversations with participants, who wrote last, and the count', async () => {
    const { result, paginationInfo } = await search('');
    expect(paginationInfo.totalCount).toBe(2);
    expect(result.map((c) => c.id).sort()).toEqual([direct.id, teamRoom.id].sort());
    const dm = result.find((c) => c.id === direct.id);
    expect(dm).toMatchObject({
      kind: 'DIRECT',
      name: 'Cora Coach & Zoë Núñez',
      messageCount: 3,
      lastMessage: { senderName: 'Zoë Núñez' },
    });
    // Who wrote last and when, never what: reading takes a reason on record (it showed the text before).
    expect(JSON.stringify(result)).not.toContain('Thanks coach');
    expect(dm?.participants.map((p) => [p.firstName, p.reason])).toEqual([
      ['Cora', 'PARTICIPANT'],
      ['Paula', 'GUARDIAN'],
      ['Zoë', 'PARTICIPANT'],
    ]);
    expect(result.find((c) => c.id === teamRoom.id)).toMatchObject({
      kind: 'TEAM',
      team: { id: school.varsity.id, name: 'Girls Varsity Basketball' },
    });
  });

  it('searches people, room or team names and message text', async () => {
    // Paula is a guardian member of both (safeguarding copies).
    expect((await search('?search=paula')).result.map((c) => c.id).sort()).toEqual([direct.id, teamRoom.id].sort());
    expect((await search('?search=thanks%20coach')).result.map((c) => c.id)).toEqual([direct.id]);
    expect((await search('?search=varsity')).result.map((c) => c.id)).toEqual([teamRoom.id]);
    expect((await search('?search=BLUE%20JERSEYS')).result.map((c) => c.id)).toEqual([teamRoom.id]);
    expect((await search('?search=secret')).result).toEqual([]);
  });

  it('is for the director and the super admin of the organization only', async () => {
    expect((await director.get(`/api/admin/conversations?organizationId=${other.org.id}`)).statusCode).toBe(403);
    const fromOther = await search(`?organizationId=${other.org.id}`, superAdmin);
    expect(fromOther.result.map((c) => c.id)).toEqual([otherRoom.id]);
    for (const person of [school.administrator, school.coach, school.parent]) {
      const client = await as(app, person);
      expect((await client.get('/api/admin/conversations')).statusCode).toBe(403);
      expect((await client.get(`/api/admin/conversations/${direct.id}/messages?reason=${reason}`)).statusCode).toBe(
        403,
      );
    }
  });
});

describe('reading a conversation', () => {
  it('refuses a missing or short reason', async () => {
    const missing = await director.get(`/api/admin/conversations/${direct.id}/messages`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/reason/i) });
    const short = await director.get(
      `/api/admin/conversations/${direct.id}/messages?reason=${encodeURIComponent('  because  ')}`,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 10 characters/);
    expect((await director.get(`/api/admin/conversations/${direct.id}/export.csv?reason=short`)).statusCode).toBe(400);
    expect((await director.get(`/api/admin/conversations/${direct.id}/export.pdf`)).statusCode).toBe(400);
    expect(await auditOf('chat')).toEqual([]);
  });

  it('shows every message read-only and records the reason, without joining or reading', async () => {
    const membersBefore = await members(direct.id);
    const res = await director.get(`/api/admin/conversations/${direct.id}/messages?reason=${reason}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.conversation).toMatchObject({ id: direct.id, name: 'Cora Coach & Zoë Núñez' });
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual([
      expect.stringMatching(/^Paula Núñez \(guardian of Zoë Núñez\) joined as a guardian/),
      'Practice moved to 6pm',
      'Thanks coach, see you there',
    ]);
    expect(data.messages[1].sender).toMatchObject({ firstName: 'Cora', role: 'COACH' });
    expect(data.paginationInfo).toMatchObject({ totalCount: 3, currentPage: 1 });

    const [entry] = await auditOf('chat.supervise');
    expect(entry).toMatchObject({
      organizationId: school.org.id,
      actor: { id: school.director.id },
      entity: { type: 'chat_room', id: String(direct.id) },
      summary: 'Read the conversation Cora Coach & Zoë Núñez',
      reason: REASON,
    });
    // Membership and unread counters are exactly as before.
    expect(await members(direct.id)).toEqual(membersBefore);
    expect(membersBefore.find((m) => m.userId === school.athlete.id)?.unreadCount).toBe(0);
    expect(membersBefore.find((m) => m.userId === school.parent.id)?.unreadCount).toBe(3);
    expect(membersBefore.some((m) => m.userId === school.director.id)).toBe(false);
  });

  it('answers 404 for another organization’s room, and lets the super admin read it', async () => {
    expect((await director.get(`/api/admin/conversations/${otherRoom.id}/messages?reason=${reason}`)).statusCode).toBe(
      404,
    );
    expect((await director.get(`/api/admin/conversations/999999/messages?reason=${reason}`)).statusCode).toBe(404);
    const res = await superAdmin.get(`/api/admin/conversations/${otherRoom.id}/messages?reason=${reason}`);
    expect(res.statusCode).toBe(200);
    expect((await members(otherRoom.id)).some((m) => m.userId === school.superAdmin.id)).toBe(false);
  });
});

describe('exports for a records request', () => {
  it('exports CSV with timestamps in the organization’s time zone, audited', async () => {
    await app.testDatabase.db
      .update(organizations)
      .set({ timezone: 'America/New_York' })
      .where(eq(organizations.id, school.org.id));
    const res = await director.get(`/api/admin/conversations/${direct.id}/export.csv?reason=${reason}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/filename="conversation-cora-coach-zo-n-ez-.*\.csv"/);
    const [header, ...rows] = parseCsv(res.body).filter((r) => r.length > 1);
    expect(header).toEqual([
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
    ]);
    expect(rows.map((r) => [r[2], r[3], r[5]])).toEqual([
      ['Fieldhouse', '', expect.stringMatching(/joined as a guardian/)],
      ['Cora Coach', 'COACH', 'Practice moved to 6pm'],
      ['Zoë Núñez', 'ATHLETE', 'Thanks coach, see you there'],
    ]);
    expect(rows[0]?.[0]).toMatch(/E[SD]T$/);
    const [entry] = await auditOf('chat.export');
    expect(entry).toMatchObject({ reason: REASON, after: { format: 'csv', messages: 3 } });
  });

  it('exports a PDF that carries the reason, audited', async () => {
    const res = await director.get(`/api/admin/conversations/${direct.id}/export.pdf?reason=${reason}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document information (never compressed) names the reason.
    expect(pdf.toString('latin1')).toContain(`Records request: ${REASON}`);
    expect(pdf.toString('latin1')).toMatch(/\/Type \/Pages\s*\/Count 1/);
    const exports = await auditOf('chat.export');
    expect(exports[0]).toMatchObject({ after: { format: 'pdf', messages: 3 } });
  });

  it('renders every message and page numbers on long conversations', async () => {
    const messages = generatedMessages(120);
    const { pdf } = await renderPdf(messages, 'Cora Coach & Zoë Núñez', 50);
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    const text = pdfText(pdf);
    // Every page numbered once, against the count the document ends with.
    for (let page = 1; page <= pages; page++) {
      expect(text.split(`Westfield High · Cora Coach & Zoë Núñez · Page ${page} of ${pages}`)).toHaveLength(2);
    }
    expect(text).toContain('Message number 120');
    expect(text).toContain('Attachments: schedule.pdf');
    expect(text).toContain('Jan 5, 2026, 9:00:00 AM CST');
    expect(text).toContain(REASON);
    expectReadableObjects(pdf);
  });

  it('writes a long record out as it is laid out, each page let go', async () => {
    const messages = generatedMessages(3000);
    const longName = `${'Varsity Girls Soccer Parents and Coaches '.repeat(4)}2026`;
    const { pdf, pieces } = await renderPdf(messages, longName, 100);
    // Built whole, the document came out in one piece after the last page of messages was read.
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces[0]?.pagesRead).toBeLessThan(10);
    expect(Math.max(...pieces.slice(0, -1).map((p) => p.bytes))).toBeLessThan(256 * 1024);
    const pages = pageCount(pdf);
    const text = pdfText(pdf);
    expect(text).toContain('Message number 3000');
    // A room name too long for the footer is cut, and the page number stays on the line.
    const footer = text.split('\n').find((line) => line.endsWith(` · Page ${pages} of ${pages}`));
    expect(footer).toMatch(/^Westfield High · Varsity Girls Soccer Parents/);
    // (The ellipsis is WinAnsi's 0x85, read back as Latin-1.)
    expect(footer).toMatch(/Varsity Girls \w+\x85 · Page/);
    expect(footer).not.toContain('2026');
    expectReadableObjects(pdf);
  });
});

describe('exporting a long conversation', () => {
  // More messages than one statement may name as parameters (65,535): the export reads the
  // conversation in pages after the last id, with each page's files and earlier versions.
  it('exports every one of 70,000 messages in order, with their files and earlier texts', async () => {
    const db = app.testDatabase.db;
    const room = await ensureTeamRoom(db, school.jv.id);
    const total = 70_000;
    await db.execute(sql`
      insert into chat_messages (room_id, sender_id, content, created_at)
      select ${room.id}, ${school.coach.id}, 'Drill ' || g, timestamptz '2026-01-05 15:00Z' + g * interval '1 second'
      from generate_series(1, ${total}) g`);
    await db.execute(sql`
      insert into chat_attachments (room_id, uploader_id, message_id, file_name, mime_type, size, sha256, storage_key)
      select room_id, sender_id, id, 'plan-' || substr(content, 7) || '.pdf', 'application/pdf', 100, repeat('a', 64), 'k-' || id
      from chat_messages where room_id = ${room.id} and content in ('Drill 1', 'Drill 35000', 'Drill 70000')`);
    await db.execute(sql`
      insert into chat_message_versions (message_id, content, written_at, replaced_at)
      select id, 'First draft of ' || content, created_at, created_at + interval '1 minute'
      from chat_messages where room_id = ${room.id} and content in ('Drill 2', 'Drill 69999')`);
    const [{ n } = { n: 0 }] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from chat_messages where room_id = ${room.id}`)
    ).rows;

    const res = await director.get(`/api/admin/conversations/${room.id}/export.csv?reason=${reason}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const rows = parseCsv(res.body)
      .filter((r) => r.length > 1)
      .slice(1);
    expect(rows).toHaveLength(n);
    const drills = rows.filter((r) => r[5]?.startsWith('Drill '));
    expect(drills).toHaveLength(total);
    // Oldest first, none twice: the numbers run 1, 2, … 70,000.
    expect(drills.every((r, i) => r[5] === `Drill ${i + 1}`)).toBe(true);
    const byText = new Map(drills.map((r) => [r[5], r]));
    expect(byText.get('Drill 1')?.[6]).toBe('plan-1.pdf');
    expect(byText.get('Drill 35000')?.[6]).toBe('plan-35000.pdf');
    expect(byText.get('Drill 70000')?.[6]).toBe('plan-70000.pdf');
    expect(byText.get('Drill 3')?.[6]).toBe('');
    expect(byText.get('Drill 69999')?.[9]).toMatch(/^\[replaced 2026-.*\] First draft of Drill 69999$/);
    expect(byText.get('Drill 2')?.[9]).toMatch(/First draft of Drill 2$/);
    const [entry] = await auditOf('chat.export');
    expect(entry).toMatchObject({ entity: { id: String(room.id) }, after: { format: 'csv', messages: n } });

    // A message sent while the record streams comes after its cut: the record matches its audit entry.
    const extent = await exportExtent(db, room.id);
    expect(extent.count).toBe(n);
    const pages = supervisedMessagePages(db, room.id, extent.lastId, 30_000);
    const first = await pages.next();
    await sendMessage(db, school.coach, room, { content: 'Sent while the record streams', messageType: 'TEXT' });
    let read = first.done ? 0 : first.value.length;
    for await (const page of pages) read += page.length;
    expect(read).toBe(n);
  }, 120_000);
});

describe('deactivated organizations', () => {
  it('refuses its people with 403, disconnects their sockets, and lets them back after reactivation', async () => {
    const coachSocket = await openSocket(app, url, school.coach, sockets);
    const adminSocket = await openSocket(app, url, school.superAdmin, sockets);
    const disconnected = new Promise<string>((resolve) => coachSocket.once('disconnect', resolve));
    const res = await superAdmin.post(`/api/auth/organizations/${school.org.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(adminSocket.connected).toBe(true);

    const me = await director.get('/api/auth/me');
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({
      statusCode: 403,
      message: 'Your organization is deactivated.',
      id: 'organization_deactivated',
    });
    expect((await director.get('/api/user/list')).statusCode).toBe(403);
    await expect(openSocket(app, url, school.coach, sockets)).rejects.toThrow();
    // The super admin (who reactivates it) is not locked out.
    expect((await superAdmin.get('/api/auth/me')).statusCode).toBe(200);
    // Other organizations carry on.
    expect((await (await as(app, other.director)).get('/api/auth/me')).statusCode).toBe(200);

    expect((await superAdmin.post(`/api/auth/organizations/${school.org.id}/reactivate`)).statusCode).toBe(200);
    expect((await director.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('system status', () => {
  it('reports database, sockets per node, socket errors and the process to a super admin', async () => {
    await openSocket(app, url, school.coach, sockets);
    await openSocket(app, url, school.coach, sockets);
    await openSocket(app, url, school.director, sockets);
    await app.inject({
      method: 'POST',
      url: '/api/telemetry/socket-errors',
      payload: { type: 'timeout', message: 'Connection timed out', code: null, timestamp: Date.now(), retryable: true },
    });
    const res = await superAdmin.get('/api/admin/system');
    expect(res.statusCode, res.body).toBe(200);
    const status = systemStatusSchema.parse(res.json().data);
    expect(status.database).toMatchObject({ up: true, kind: app.database.kind });
    expect(status.database.version).toMatch(/PostgreSQL/);
    expect(status.database.migrationsApplied).toBeGreaterThanOrEqual(11);
    expect(status.sockets).toMatchObject({ total: 3, users: 2 });
    expect(status.sockets.nodes).toEqual([{ nodeId: status.process.nodeId, sockets: 3, users: 2 }]);
    expect(status.socketErrors.byType).toEqual({ timeout: 1 });
    expect(status.socketErrors.recent[0]).toMatchObject({ type: 'timeout', message: 'Connection timed out' });
    expect(status.process.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(status.fileStore).toEqual({ kind: 'disk', location: app.uploads.root, endpoint: null });

    for (const person of [school.director, school.administrator, school.coach]) {
      expect((await (await as(app, person)).get('/api/admin/system')).statusCode).toBe(403);
    }
  });
});

// Users of the deactivation test stay ACTIVE; only the organization was switched off.
it('left every user ACTIVE', async () => {
  const rows = await app.testDatabase.db.select().from(users).where(eq(users.organizationId, school.org.id));
  expect(rows.every((u) => u.status === 'ACTIVE')).toBe(true);
});
