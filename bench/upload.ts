/**
 * A 100 MB file through the chunked upload on loopback (512 KB chunks, each acked), against
 * writing the same bytes to disk in the same chunks (the baseline). `node --import tsx bench/upload.ts`
 */
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { CHAT, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import { io as connect } from 'socket.io-client';
import { chatRoomMembers, chatRooms } from '../apps/server/src/db/schema/index.ts';
import { benchPeople, startBenchApp } from './bench-app.ts';

const bench = await startBenchApp();
const { db, database, base, dir } = bench;
const uploader = await benchPeople(bench, 1, 'Upload');
const [room] = await db
  .insert(chatRooms)
  .values({ organizationId: uploader.organizationId, kind: 'GROUP', name: 'Files' })
  .returning();
await db.insert(chatRoomMembers).values({ roomId: room?.id as number, userId: uploader.ids[0] as number });
const [idToken] = await uploader.signInAll();
const socket = connect(base, { transports: ['websocket'], auth: { idToken }, reconnection: false });
await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

const bytes = randomBytes(CHAT.maxFileSizeBytes);
const size = CHAT.maxChunkSizeBytes;
const totalChunks = Math.ceil(bytes.length / size);
const emit = (event: string, payload: unknown) =>
  new Promise<SocketAck>((resolve) => socket.emit(event, payload, resolve));

let started = performance.now();
const file = await open(join(dir, 'baseline.bin'), 'w');
for (let i = 0; i < totalChunks; i++) await file.write(bytes.subarray(i * size, (i + 1) * size));
await file.close();
const baseline = performance.now() - started;

started = performance.now();
const id = crypto.randomUUID();
for (let index = 0; index < totalChunks; index++) {
  const data = bytes.subarray(index * size, (index + 1) * size);
  const ack = await emit(SOCKET_EVENTS.fileUploadChunk, {
    roomId: room?.id,
    id,
    data,
    index,
    totalChunks,
    fileName: 'season-highlights.mp4',
    attachmentIndex: 0,
    size: data.length,
    offset: index * size,
    totalSize: bytes.length,
  });
  if (!ack.ok) throw new Error(JSON.stringify(ack));
}
const done = await emit(SOCKET_EVENTS.fileUploadComplete, {
  roomId: room?.id,
  id,
  fileName: 'season-highlights.mp4',
  attachmentIndex: 0,
  totalChunks,
});
if (!done.ok) throw new Error(JSON.stringify(done));
const upload = performance.now() - started;
process.stdout.write(`100 MB in ${totalChunks} chunks (${database.kind})\n`);
process.stdout.write(
  `  chunked upload over the socket   ${(upload / 1000).toFixed(2)} s  (${(100 / (upload / 1000)).toFixed(0)} MB/s)\n`,
);
process.stdout.write(`  same chunks written to disk       ${(baseline / 1000).toFixed(2)} s  (baseline)\n`);
process.stdout.write(`  ratio ${(upload / baseline).toFixed(1)}×\n`);
socket.close();
await bench.close();
process.exit(0);
