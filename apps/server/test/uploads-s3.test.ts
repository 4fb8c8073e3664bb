/**
 * Chat attachments in an S3-compatible bucket (decision 013), against a real S3 server
 * (s3rver): chunks over real sockets, the finished file streamed into the bucket as a multipart
 * upload, downloads over HTTP for room members only, and nothing finished left in DATA_DIR.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { CHAT, type ChatMessage, SOCKET_EVENTS, systemStatusSchema } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { chatAttachments } from '../src/db/schema/index.ts';
import { DiskFileStore } from '../src/modules/chat/disk-file-store.ts';
import { createFileStore, type FileStore } from '../src/modules/chat/file-store.ts';
import { S3FileStore } from '../src/modules/chat/s3-file-store.ts';
import type { TestApp } from './helpers/app.ts';
import { as, type School } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';
import { S3RVER_CREDENTIALS, type S3TestServer, startS3Server } from './helpers/s3.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';
import { openUploadRoom, type UploadedMedia, uploadChunks } from './helpers/uploads.ts';

const PREFIX = 'westfield/attachments/';

let s3: S3TestServer;
let app: TestApp;
let url: string;
let school: School;
let roomId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  ({ app, url, school, roomId } = await openUploadRoom({ ...s3.env, S3_PREFIX: 'westfield/attachments' }));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
  await s3?.close();
});

const download = async (uuid: string, person: { email: string }) =>
  fetch(`${url}/api/chat/attachments/${uuid}`, {
    headers: { authorization: `Bearer ${(await signInAs(app, person.email)).idToken}` },
  });
const storageKeyOf = async (uuid: string) => {
  const [row] = await app.testDatabase.db.select().from(chatAttachments).where(eq(chatAttachments.uuid, uuid));
  if (!row) throw new Error(`no attachment ${uuid}`);
  return row.storageKey;
};
const objectKey = (storageKey: string) => `${PREFIX}${storageKey.slice(0, 2)}/${storageKey}`;

describe('attachments in S3', () => {
  it('streams a multi-chunk upload into the bucket and serves it to room members only', async () => {
    const director = await openSocket(app, url, school.director, sockets);
    // 24 chunks, about 11.5 MB: three 5 MB parts of a multipart upload.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(CHAT.maxChunkSizeBytes * 23 + 4321)]);
    const { ack } = await uploadChunks(director, roomId, pdf, '../Season schedule é.pdf');
    expect(ack).toMatchObject({ ok: true });
    const media = (ack as { data: UploadedMedia }).data;
    expect(media).toMatchObject({
      mimeType: 'application/pdf',
      size: pdf.length,
      fileName: 'Season schedule é.pdf',
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });

    // The object sits in the bucket under a random key, never the client's file name.
    const storageKey = await storageKeyOf(media.uuid);
    expect(storageKey).toMatch(/^[0-9a-f]{32}$/);
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: PREFIX }));
    expect(listed.Contents?.map((o) => [o.Key, o.Size])).toEqual([[objectKey(storageKey), pdf.length]]);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: objectKey(storageKey) }));
    expect(head).toMatchObject({ ContentLength: pdf.length, ContentType: 'application/pdf' });
    expect(s3.requests.filter((r) => r.startsWith('POST ') && r.includes('?uploads'))).toHaveLength(1);
    expect(s3.requests.filter((r) => r.startsWith('PUT ') && r.includes('partNumber='))).toHaveLength(3);
    // DATA_DIR/uploads holds only the (now empty) temporary folder.
    expect(readdirSync(app.uploads.root)).toEqual(['tmp']);
    expect(readdirSync(join(app.uploads.root, 'tmp'))).toEqual([]);

    const coach = await openSocket(app, url, school.coach, sockets);
    const received = new Promise<ChatMessage>((resolve) => coach.once(SOCKET_EVENTS.chatMessageReceived, resolve));
    const sent = await emitWithAck(director, SOCKET_EVENTS.chatMessage, {
      roomId,
      message: 'The schedule',
      messageType: 'FILE',
      attachments: [
        {
          attachmentId: media.uuid,
          isChunked: true,
          totalSize: pdf.length,
          chunkCount: 24,
          originalName: media.fileName,
        },
      ],
    });
    expect(sent).toMatchObject({ ok: true });
    expect((await received).media).toEqual([expect.objectContaining({ uuid: media.uuid, size: pdf.length })]);

    const res = await download(media.uuid, school.coach);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="Season schedule _.pdf"; filename*=UTF-8''Season%20schedule%20%C3%A9.pdf`,
      'x-content-type-options': 'nosniff',
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);

    // Someone outside the room gets what the disk store gives them, and the bucket is not asked.
    const gets = s3.requests.filter((r) => r.startsWith('GET ')).length;
    const outsider = await download(media.uuid, school.athlete2);
    expect(outsider.status).toBe(403);
    expect(outsider.headers.get('content-disposition')).toBeNull();
    expect(s3.requests.filter((r) => r.startsWith('GET ')).length).toBe(gets);
  });

  it('answers a missing object with an error, not an empty download', async () => {
    const director = await openSocket(app, url, school.director, sockets);
    const { ack } = await uploadChunks(director, roomId, Buffer.from('bus leaves at 3:15'), 'bus.txt');
    const media = (ack as { data: UploadedMedia }).data;
    await app.uploads.files.remove(await storageKeyOf(media.uuid));
    const res = await download(media.uuid, school.director);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('reports the bucket in the system status', async () => {
    const res = await (await as(app, school.superAdmin)).get('/api/admin/system');
    expect(systemStatusSchema.parse(res.json().data).fileStore).toEqual({
      kind: 's3',
      location: `s3://${s3.bucket}/${PREFIX}`,
      endpoint: s3.endpoint,
    });
  });
});

describe('file stores', () => {
  const folder = mkdtempSync(join(tmpdir(), 'fieldhouse-stores-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const stores: [string, () => FileStore | Promise<FileStore>][] = [
    ['disk', () => new DiskFileStore(join(folder, 'uploads'))],
    ['s3', () => createFileStore(loadConfig({ ...s3.env, DATA_DIR: folder }))],
  ];
  it.each(stores)('%s: puts, reads and removes a file', async (_kind, make) => {
    const store = await make();
    try {
      await store.init();
      const temp = join(folder, `temp-${randomBytes(4).toString('hex')}`);
      writeFileSync(temp, 'line-up for Friday');
      const key = randomBytes(16).toString('hex');
      await store.put(key, temp, 'text/plain');
      expect(await text(await store.read(key))).toBe('line-up for Friday');
      await store.remove(key);
      await expect(store.read(key)).rejects.toThrow();
      // Removing what is already gone is fine.
      await store.remove(key);
    } finally {
      store.close();
    }
  });
});

describe('S3 start-up', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const settings = () => ({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    prefix: '',
    credentials: S3RVER_CREDENTIALS,
  });
  const initFails = async (opening: Promise<S3FileStore>) => {
    const store = await opening;
    try {
      return await store.init().then(
        () => 'started',
        (error: Error) => error.message,
      );
    } finally {
      store.close();
    }
  };

  it('fails with one readable line when the bucket is missing or the keys are wrong', async () => {
    expect(await initFails(S3FileStore.open({ ...settings(), bucket: 'no-such-bucket' }))).toBe(
      `S3 bucket "no-such-bucket" at ${s3.endpoint} cannot be used: the bucket does not exist (NotFound, HTTP 404)`,
    );
    const wrongKeys = { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'nope' };
    expect(await initFails(S3FileStore.open({ ...settings(), credentials: wrongKeys }))).toBe(
      `S3 bucket "${s3.bucket}" at ${s3.endpoint} cannot be used: access denied; check the credentials and the bucket policy (HTTP 403)`,
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await initFails(S3FileStore.open({ ...settings(), endpoint: `http://127.0.0.1:${port}` }))).toBe(
      `S3 bucket "${s3.bucket}" at http://127.0.0.1:${port} cannot be used: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('takes the keys from the AWS SDK’s default chain when S3_ACCESS_KEY_ID is unset', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    const { S3_ACCESS_KEY_ID: _id, S3_SECRET_ACCESS_KEY: _secret, ...env } = s3.env;
    const store = await createFileStore(loadConfig(env));
    try {
      expect(store.info).toEqual({ kind: 's3', location: `s3://${s3.bucket}/`, endpoint: s3.endpoint });
      await expect(store.init()).resolves.toBeUndefined();
    } finally {
      store.close();
    }
  });
});
