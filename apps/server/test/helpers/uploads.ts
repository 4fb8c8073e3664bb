/** Chunked uploads over a real socket, as the web client sends them (SPEC §7). */
import { CHAT, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Socket } from 'socket.io-client';
import { buildTestApp } from './app.ts';
import { as, buildSchool } from './directory.ts';
import { emitWithAck } from './sockets.ts';

/** A listening app with Westfield High and the direct room of its director and coach to upload into. */
export async function openUploadRoom(env: Record<string, string> = {}) {
  const app = await buildTestApp(env);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const school = await buildSchool(app);
  const director = await as(app, school.director);
  const roomId = (await director.post('/api/chat/rooms/direct', { userId: school.coach.id })).json().data.id as number;
  return { app, url, school, roomId };
}

export type UploadedMedia = {
  uuid: string;
  sha256: string;
  mimeType: string;
  size: number;
  fileName: string;
  url: string;
};

/** Sends `bytes` in 512 KB chunks, then completes; stops at the first refused chunk. */
export async function uploadChunks(
  socket: Socket,
  roomId: number,
  bytes: Buffer,
  fileName: string,
  id: string = crypto.randomUUID(),
) {
  const size = CHAT.maxChunkSizeBytes;
  const totalChunks = Math.max(1, Math.ceil(bytes.length / size));
  const progress: number[] = [];
  socket.on(SOCKET_EVENTS.fileUploadProgress, (p: { progress: number }) => progress.push(p.progress));
  for (let index = 0; index < totalChunks; index++) {
    const data = bytes.subarray(index * size, (index + 1) * size);
    const ack = await emitWithAck(socket, SOCKET_EVENTS.fileUploadChunk, {
      roomId,
      id,
      data,
      index,
      totalChunks,
      fileName,
      attachmentIndex: 0,
      size: data.length,
      offset: index * size,
      totalSize: bytes.length,
    });
    if (!ack.ok) return { ack, progress };
  }
  const done = await emitWithAck<UploadedMedia>(socket, SOCKET_EVENTS.fileUploadComplete, {
    roomId,
    id,
    fileName,
    attachmentIndex: 0,
    totalChunks,
  });
  socket.off(SOCKET_EVENTS.fileUploadProgress);
  return { ack: done, progress };
}
