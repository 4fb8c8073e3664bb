import { SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_STARTS_PER_MINUTE } from '../src/modules/chat/uploads.ts';
import type { TestApp } from './helpers/app.ts';
import type { School } from './helpers/directory.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';
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

/** Chunk 0 of a one-byte file: what starts an upload. */
const start = (socket: Socket) =>
  emitWithAck(socket, SOCKET_EVENTS.fileUploadChunk, {
    roomId,
    id: crypto.randomUUID(),
    data: Buffer.from('x'),
    index: 0,
    totalChunks: 2,
    fileName: 'note.txt',
    attachmentIndex: 0,
    size: 1,
    offset: 0,
    totalSize: 2,
  });

describe('upload starts per person', () => {
  it('refuses the 61st start in a minute with a clear 429, and only for that person', async () => {
    const coach = await openSocket(app, url, school.coach, sockets);
    for (let i = 0; i < UPLOAD_STARTS_PER_MINUTE; i++) expect(await start(coach)).toMatchObject({ ok: true });

    const refused = await start(coach);
    expect(refused).toMatchObject({ ok: false, error: { statusCode: 429 } });
    expect((refused as { error: { message: string } }).error.message).toMatch(
      /^Too many uploads: at most 60 files a minute\. Try again in \d+ s\.$/,
    );

    const director = await openSocket(app, url, school.director, sockets);
    const { ack } = await uploadChunks(director, roomId, Buffer.from('hello'), 'hello.txt');
    expect(ack).toMatchObject({ ok: true });
  });
});
