import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT, type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { chatAttachments } from '../src/db/schema/index.ts';
import { UNSENT_UPLOAD_TTL_MS } from '../src/modules/chat/unsent-sweep-job.ts';
import { safeFileName, sniffMimeType, UploadStore } from '../src/modules/chat/uploads.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import type { School } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';
import { emitWithAck, nextEvent, openSocket } from './helpers/sockets.ts';
import { openUploadRoom, uploadChunks } from './helpers/uploads.ts';

let app: TestApp;
let url: string;
let school: School;
let roomId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ app, url, school, roomId } = await openUploadRoom());
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
});

const socketFor = (person: { email: string }) => openSocket(app, url, person, sockets);
const emit = emitWithAck;

const upload = (socket: Socket, bytes: Buffer, fileName: string, id?: string) =>
  uploadChunks(socket, roomId, bytes, fileName, id);

describe('chunked upload', () => {
  it('stores a multi-chunk file intact, reports progress, and sends it with a message', async () => {
    const director = await socketFor(school.director);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(CHAT.maxChunkSizeBytes * 11 + 1234),
    ]);
    const { ack, progress } = await upload(director, png, '../../etc/team photo.png');
    expect(ack).toMatchObject({ ok: true });
    const media = (ack as { data: { uuid: string; sha256: string; mimeType: string; size: number; fileName: string } })
      .data;
    expect(media).toMatchObject({
      mimeType: 'image/png',
      size: png.length,
      fileName: 'team photo.png',
      sha256: createHash('sha256').update(png).digest('hex'),
    });
    expect(progress).toEqual([83, 100]);

    const coach = await socketFor(school.coach);
    const received = new Promise<ChatMessage>((resolve) => coach.once(SOCKET_EVENTS.chatMessageReceived, resolve));
    const sent = await emit<ChatMessage>(director, SOCKET_EVENTS.chatMessage, {
      roomId,
      message: '',
      messageType: 'IMAGE',
      attachments: [
        {
          attachmentId: media.uuid,
          isChunked: true,
          totalSize: png.length,
          chunkCount: 12,
          originalName: 'team photo.png',
        },
      ],
    });
    expect(sent).toMatchObject({ ok: true });
    expect((await received).media).toEqual([expect.objectContaining({ uuid: media.uuid, mimeType: 'image/png' })]);

    const download = await app.inject({
      url: `/api/chat/attachments/${media.uuid}`,
      headers: { authorization: `Bearer ${(await signInAs(app, school.coach.email)).idToken}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('filename="team photo.png"');
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(media.sha256);
    const outsider = await app.inject({
      url: `/api/chat/attachments/${media.uuid}`,
      headers: { authorization: `Bearer ${(await signInAs(app, school.athlete2.email)).idToken}` },
    });
    expect(outsider.statusCode).toBe(403);

    // The same upload cannot be attached twice.
    const again = await emit(director, SOCKET_EVENTS.chatMessage, {
      roomId,
      message: 'again',
      attachments: [
        { attachmentId: media.uuid, isChunked: true, totalSize: png.length, chunkCount: 12, originalName: 'x.png' },
      ],
    });
    expect(again).toMatchObject({ ok: false, error: { statusCode: 400 } });
  });

  it('serves a file not sent yet to its uploader only, and an unsent one to administrators only', async () => {
    const coach = await socketFor(school.coach);
    const get = async (uuid: string, person: { email: string }) =>
      (
        await app.inject({
          url: `/api/chat/attachments/${uuid}`,
          headers: { authorization: `Bearer ${(await signInAs(app, person.email)).idToken}` },
        })
      ).statusCode;
    const { ack } = await upload(coach, Buffer.from('lineup draft'), 'lineup.txt');
    if (!ack.ok) throw new Error(ack.error.message);
    const { uuid } = ack.data as { uuid: string };
    // Another member of the room, before the message goes (200 before the fix).
    expect(await get(uuid, school.director)).toBe(404);
    expect(await get(uuid, school.coach)).toBe(200);
    const sent = await emit<ChatMessage>(coach, SOCKET_EVENTS.chatMessage, {
      roomId,
      message: 'Lineup',
      attachments: [{ attachmentId: uuid, isChunked: false, totalSize: 12, chunkCount: 1, originalName: 'lineup.txt' }],
    });
    if (!sent.ok) throw new Error(sent.error.message);
    expect(await get(uuid, school.director)).toBe(200);
    expect(await emit(coach, SOCKET_EVENTS.messageUnsend, { messageId: sent.data.id })).toMatchObject({ ok: true });
    // Unsent: gone for its sender as for the room (200 before the fix); the director keeps it.
    expect(await get(uuid, school.coach)).toBe(404);
    expect(await get(uuid, school.director)).toBe(200);
  });

  it('refuses oversize files with the spec’s words, and chunks out of order', async () => {
    const director = await socketFor(school.director);
    const oversize = await emit(director, SOCKET_EVENTS.fileUploadChunk, {
      roomId,
      id: 'big-one',
      data: Buffer.alloc(10),
      index: 0,
      totalChunks: 300,
      fileName: 'season.mov',
      attachmentIndex: 0,
      size: 10,
      offset: 0,
      totalSize: 101 * 1024 * 1024,
    });
    expect(oversize).toEqual({
      ok: false,
      error: { statusCode: 413, message: 'File(s) too large. Maximum size is 100MB', id: expect.any(String) },
    });
    const first = await emit(director, SOCKET_EVENTS.fileUploadChunk, {
      roomId,
      id: 'gappy',
      data: Buffer.alloc(4),
      index: 0,
      totalChunks: 3,
      fileName: 'a.txt',
      attachmentIndex: 0,
      size: 4,
      offset: 0,
    });
    expect(first.ok).toBe(true);
    const skipped = await emit(director, SOCKET_EVENTS.fileUploadChunk, {
      roomId,
      id: 'gappy',
      data: Buffer.alloc(4),
      index: 2,
      totalChunks: 3,
      fileName: 'a.txt',
      attachmentIndex: 0,
      size: 4,
      offset: 8,
    });
    expect(skipped).toMatchObject({ ok: false, error: { statusCode: 400, message: 'index: expected chunk 1, got 2' } });
    const early = await emit(director, SOCKET_EVENTS.fileUploadComplete, {
      roomId,
      id: 'gappy',
      fileName: 'a.txt',
      attachmentIndex: 0,
      totalChunks: 3,
    });
    expect(early).toMatchObject({ ok: false, error: { message: 'Upload incomplete: 1 of 3 chunks received' } });
    const lying = await emit(director, SOCKET_EVENTS.fileUploadChunk, {
      roomId,
      id: 'liar',
      data: Buffer.alloc(4),
      index: 0,
      totalChunks: 1,
      fileName: 'a.txt',
      attachmentIndex: 0,
      size: 400,
      offset: 0,
    });
    expect(lying).toMatchObject({ ok: false, error: { statusCode: 400 } });
  });

  it('refuses uploads into a room the user is not in', async () => {
    const outsider = await socketFor(school.athlete2);
    const ack = await emit(outsider, SOCKET_EVENTS.fileUploadChunk, {
      roomId,
      id: 'x',
      data: Buffer.alloc(1),
      index: 0,
      totalChunks: 1,
      fileName: 'a',
      attachmentIndex: 0,
      size: 1,
      offset: 0,
    });
    expect(ack).toMatchObject({ ok: false, error: { statusCode: 403 } });
  });

  it('dies with the socket that started it, not with the same person’s other tab', async () => {
    const [tabA, tabB] = [await socketFor(school.director), await socketFor(school.director)];
    const bytes = randomBytes(1000);
    const chunk = (id: string, index: number) => ({
      roomId,
      id,
      data: bytes.subarray(index * 500, (index + 1) * 500),
      index,
      totalChunks: 2,
      fileName: 'two.bin',
      attachmentIndex: 0,
      size: 500,
      offset: index * 500,
      totalSize: bytes.length,
    });
    const closed = async (socket: Socket) => {
      const id = socket.id as string;
      socket.close();
      while (app.io.sockets.sockets.has(id)) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const inB = crypto.randomUUID();
    expect(await emit(tabB, SOCKET_EVENTS.fileUploadChunk, chunk(inB, 0))).toMatchObject({ ok: true });
    await closed(tabA);
    // Tab A leaving took tab B's upload with it (400 "an upload starts at chunk 0" before the fix).
    expect(await emit(tabB, SOCKET_EVENTS.fileUploadChunk, chunk(inB, 1))).toMatchObject({ ok: true });

    const inC = crypto.randomUUID();
    const tabC = await socketFor(school.director);
    expect(await emit(tabC, SOCKET_EVENTS.fileUploadChunk, chunk(inC, 0))).toMatchObject({ ok: true });
    await closed(tabC);
    expect(await emit(tabB, SOCKET_EVENTS.fileUploadChunk, chunk(inC, 1))).toMatchObject({
      ok: false,
      error: { statusCode: 400 },
    });
  });

  it('cleans names and sniffs types from bytes', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\x\\roster.csv')).toBe('roster.csv');
    expect(safeFileName('..')).toBe('file');
    expect(sniffMimeType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffMimeType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMimeType(Buffer.from('hello, team'))).toBe('text/plain');
    expect(sniffMimeType(Buffer.from([0x00, 0x01, 0x02]))).toBe('application/octet-stream');
  });
});

describe('upload timeout', () => {
  it('is the SPEC’s 300 s unless configured', () => {
    expect(app.uploads.timeoutMs).toBe(CHAT.uploadTimeoutMs);
  });

  it('drops an upload that stops sending, tells the uploader, and refuses its late chunks', async () => {
    // A second node on the same database with a 300 ms timeout, so the test waits for the real timer.
    const quick = await buildTestApp({ UPLOAD_TIMEOUT_MS: '300' }, app.testDatabase);
    const clients: Socket[] = [];
    try {
      const quickUrl = await quick.listen({ port: 0, host: '127.0.0.1' });
      const director = await openSocket(quick, quickUrl, school.director, clients);
      const tmp = join(quick.uploads.root, 'tmp');
      const id = crypto.randomUUID();
      const chunk = (index: number) => ({
        roomId,
        id,
        data: Buffer.from('half a roster'),
        index,
        totalChunks: 2,
        fileName: 'roster.txt',
        attachmentIndex: 0,
        size: 13,
        offset: index * 13,
        totalSize: 26,
      });
      const timedOut = nextEvent<Record<string, unknown>>(director, SOCKET_EVENTS.fileUploadError, 5000);
      const started = performance.now();
      expect(await emit(director, SOCKET_EVENTS.fileUploadChunk, chunk(0))).toMatchObject({ ok: true });
      expect(readdirSync(tmp)).toHaveLength(1);

      expect(await timedOut).toMatchObject({
        roomId,
        fileName: 'roster.txt',
        attachmentIndex: 0,
        error: 'File upload timeout after 300ms',
      });
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(readdirSync(tmp)).toEqual([]);

      const expired = {
        ok: false,
        error: {
          statusCode: 410,
          message: 'File upload timeout after 300ms; start the upload again',
          id: 'upload_expired',
        },
      };
      expect(await emit(director, SOCKET_EVENTS.fileUploadChunk, chunk(1))).toEqual(expired);
      expect(
        await emit(director, SOCKET_EVENTS.fileUploadComplete, {
          roomId,
          id,
          fileName: 'roster.txt',
          attachmentIndex: 0,
          totalChunks: 2,
        }),
      ).toEqual(expired);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      for (const socket of clients) socket.close();
      await quick.close();
    }
  });
});

describe('uploads never sent', () => {
  it('are removed after a day, files and rows (the quota counts rows); sent and recent ones stay', async () => {
    const coach = await socketFor(school.coach);
    const uploaded = async (name: string) => {
      const { ack } = await upload(coach, Buffer.from(`${name} bytes`), name);
      if (!ack.ok) throw new Error(ack.error.message);
      return ack.data as { uuid: string };
    };
    const [abandoned, fresh, sent] = [await uploaded('old.txt'), await uploaded('new.txt'), await uploaded('sent.txt')];
    const ack = await emit(coach, SOCKET_EVENTS.chatMessage, {
      roomId,
      message: 'Schedule',
      attachments: [
        { attachmentId: sent.uuid, isChunked: false, totalSize: 10, chunkCount: 1, originalName: 'sent.txt' },
      ],
    });
    expect(ack).toMatchObject({ ok: true });
    const db = app.testDatabase.db;
    const twoDaysAgo = new Date(Date.now() - 2 * UNSENT_UPLOAD_TTL_MS);
    await db
      .update(chatAttachments)
      .set({ createdAt: twoDaysAgo })
      .where(inArray(chatAttachments.uuid, [abandoned.uuid, sent.uuid]));
    const keyOf = async (uuid: string) =>
      (await db.select().from(chatAttachments).where(eq(chatAttachments.uuid, uuid)))[0]?.storageKey;
    const abandonedKey = (await keyOf(abandoned.uuid)) as string;

    expect(await app.uploads.sweepUnsent(UNSENT_UPLOAD_TTL_MS)).toBe(1);
    expect(await keyOf(abandoned.uuid)).toBeUndefined();
    await expect(app.uploads.read(abandonedKey)).rejects.toThrow();
    for (const kept of [fresh, sent]) expect(await keyOf(kept.uuid)).toBeDefined();
    expect(await app.uploads.sweepUnsent(UNSENT_UPLOAD_TTL_MS)).toBe(0);
  });
});

describe('start-up cleaning', () => {
  it('removes only temporary files older than the upload timeout (another node may be writing the rest)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-uploads-'));
    try {
      const tmp = join(dataDir, 'uploads', 'tmp');
      mkdirSync(tmp, { recursive: true });
      const [abandoned, inFlight] = [join(tmp, 'abandoned'), join(tmp, 'in-flight')];
      writeFileSync(abandoned, 'old bytes');
      writeFileSync(inFlight, 'new bytes');
      const old = new Date(Date.now() - CHAT.uploadTimeoutMs - 60_000);
      utimesSync(abandoned, old, old);
      await new UploadStore(app.testDatabase.db, dataDir).init();
      expect(existsSync(abandoned)).toBe(false);
      expect(existsSync(inFlight)).toBe(true);
      // A first start on an empty DATA_DIR creates the folder.
      rmSync(join(dataDir, 'uploads'), { recursive: true });
      await new UploadStore(app.testDatabase.db, dataDir).init();
      expect(existsSync(tmp)).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('quota and order', () => {
  /** A store with a 1,000-byte quota on the test database; `part` makes a chunk of `bytes` at `index`. */
  function smallStore() {
    const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-quota-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const store = new UploadStore(app.testDatabase.db, dataDir, CHAT.uploadTimeoutMs, undefined, 1000);
    const part = (id: string, index: number, bytes: number, totalSize?: number) => ({
      roomId,
      id,
      data: Buffer.alloc(bytes, 'a'),
      index,
      totalChunks: 5,
      fileName: 'notes.txt',
      attachmentIndex: 0,
      size: bytes,
      offset: index * 400,
      ...(totalSize === undefined ? {} : { totalSize }),
    });
    return { store, part };
  }
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (error: { statusCode: number; id?: string }) => error,
    );

  it('holds a file sent without its size against the quota as it grows (it was checked at chunk 0 only)', async () => {
    const { store, part } = smallStore();
    await store.init();
    const user = school.assistant.id;
    expect((await store.chunk(user, part('grows', 0, 400), () => {})).received).toBe(400);
    expect((await store.chunk(user, part('grows', 1, 400), () => {})).received).toBe(800);
    expect(await refusal(store.chunk(user, part('grows', 2, 400), () => {}))).toMatchObject({
      statusCode: 413,
      id: 'quota',
    });
    // The refused upload is gone, and its bytes with it: a new one fits again.
    expect(await refusal(store.chunk(user, part('grows', 3, 400), () => {}))).toMatchObject({ statusCode: 400 });
    expect((await store.chunk(user, part('again', 0, 400), () => {})).received).toBe(400);
  });

  it('refuses bytes beyond the declared size, and a completion short of it', async () => {
    const { store, part } = smallStore();
    await store.init();
    const user = school.assistant.id;
    expect(await refusal(store.chunk(user, part('liar', 0, 400, 1), () => {}))).toMatchObject({ statusCode: 400 });
    await store.chunk(user, part('short', 0, 400, 500), () => {});
    expect(await refusal(store.chunk(user, part('short', 1, 400, 500), () => {}))).toMatchObject({
      statusCode: 400,
    });
    await store.chunk(user, part('half', 0, 100, 200), () => {});
    expect(await refusal(store.complete(user, 'half', 5))).toMatchObject({ statusCode: 400 });
  });

  it('lets only one of two parallel starts through when the quota holds one', async () => {
    const { store, part } = smallStore();
    await store.init();
    const user = school.administrator.id;
    const answers = await Promise.all([
      refusal(store.chunk(user, part('first', 0, 100, 600), () => {})),
      refusal(store.chunk(user, part('second', 0, 100, 600), () => {})),
    ]);
    expect(answers.filter((a) => a === null)).toHaveLength(1);
    expect(answers.find((a) => a !== null)).toMatchObject({ statusCode: 413, id: 'quota' });
  });

  it('takes a chunk sent twice at once only once: the file stays intact and completes', async () => {
    const { store, part } = smallStore();
    await store.init();
    // Someone with no stored files yet: the 1,000-byte quota is all theirs.
    const user = school.athlete2.id;
    const chunk = (index: number) => ({ ...part('twice', index, 100, 200), totalChunks: 2, offset: index * 100 });
    await store.chunk(user, chunk(0), () => {});
    const answers = await Promise.all([
      refusal(store.chunk(user, chunk(1), () => {})),
      refusal(store.chunk(user, chunk(1), () => {})),
    ]);
    expect(answers.filter((a) => a === null)).toHaveLength(1);
    expect(answers.find((a) => a !== null)).toMatchObject({ statusCode: 400 });
    const media = await store.complete(user, 'twice', 2);
    expect(media.size).toBe(200);
    expect(media.sha256).toBe(createHash('sha256').update(Buffer.alloc(200, 'a')).digest('hex'));
  });
});
