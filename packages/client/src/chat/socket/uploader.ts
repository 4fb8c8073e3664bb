/**
 * Chunked file upload over the socket (SPEC §5, §7, §9): 512 KB chunks acknowledged one by
 * one, 10 ms apart, progress every 10 chunks and on the last, a 300 s deadline, and an abort
 * when the socket drops. The answer is the stored file, ready to attach to a message.
 */
import { CHAT, fileTooLargeMessage, type Media, SOCKET_EVENTS } from '@fieldhouse/shared';
import { SOCKET_TEXTS } from './socket-errors.ts';

/** What the uploader needs from the socket; ChatSocket provides it, tests pass a fake. */
export type UploadChannel = {
  readonly connected: boolean;
  request<T>(event: string, payload: unknown, timeoutMs?: number): Promise<T>;
  emit(event: string, payload: unknown): void;
  /** Calls back once when the connection drops; returns the unsubscribe function. */
  onDisconnect(callback: () => void): () => void;
};

export type UploadProgress = { sentChunks: number; totalChunks: number; progress: number };

export type UploadRequest = {
  roomId: number;
  file: Blob & { name: string };
  attachmentIndex: number;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  pacingMs?: number;
};

export class UploadError extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
    /** The server's reason, when it refused a chunk. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export const isTooLarge = (file: Blob) => file.size > CHAT.maxFileSizeBytes;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server answers `complete` after storing the file; into S3 a 100 MB file takes seconds. */
export const COMPLETE_TIMEOUT_MS = 120_000;

export async function uploadFile(channel: UploadChannel, request: UploadRequest): Promise<Media> {
  const { roomId, file, attachmentIndex } = request;
  if (isTooLarge(file)) throw new UploadError(fileTooLargeMessage());
  const timeoutMs = request.timeoutMs ?? CHAT.uploadTimeoutMs;
  const pacingMs = request.pacingMs ?? CHAT.chunkPacingMs;
  const chunkSize = CHAT.maxChunkSizeBytes;
  const totalChunks = Math.max(1, Math.ceil(file.size / chunkSize));
  const id = crypto.randomUUID();
  const fileName = file.name || 'file';
  const deadline = Date.now() + timeoutMs;

  let dropped = false;
  const stopWatching = channel.onDisconnect(() => {
    dropped = true;
  });
  const check = () => {
    if (request.signal?.aborted) throw new UploadError('Upload cancelled', true);
    if (dropped || !channel.connected) throw new UploadError(SOCKET_TEXTS.uploadDisconnected);
    if (Date.now() >= deadline) throw new UploadError(SOCKET_TEXTS.uploadTimeout(timeoutMs));
  };
  // The bar on screen moves with every chunk; the progress event goes out every 10 and on the last.
  const report = (sentChunks: number) => {
    const progress = { sentChunks, totalChunks, progress: Math.round((sentChunks / totalChunks) * 100) };
    request.onProgress?.(progress);
    if (sentChunks % CHAT.progressEveryChunks === 0 || sentChunks === totalChunks)
      channel.emit(SOCKET_EVENTS.fileUploadProgress, { roomId, fileName, attachmentIndex, ...progress });
  };

  try {
    for (let index = 0; index < totalChunks; index++) {
      check();
      const offset = index * chunkSize;
      const data = new Uint8Array(await file.slice(offset, offset + chunkSize).arrayBuffer());
      try {
        await channel.request(
          SOCKET_EVENTS.fileUploadChunk,
          {
            roomId,
            id,
            data,
            index,
            totalChunks,
            fileName,
            attachmentIndex,
            size: data.byteLength,
            offset,
            totalSize: file.size,
          },
          Math.max(1, deadline - Date.now()),
        );
      } catch (error) {
        check();
        throw new UploadError(
          SOCKET_TEXTS.uploadFailedAt(index),
          false,
          error instanceof Error ? error.message : undefined,
        );
      }
      const sent = index + 1;
      report(sent);
      if (sent < totalChunks && pacingMs > 0) await sleep(pacingMs);
    }
    check();
    return await channel.request<Media>(
      SOCKET_EVENTS.fileUploadComplete,
      { roomId, id, fileName, attachmentIndex, totalChunks },
      COMPLETE_TIMEOUT_MS,
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (channel.connected)
      channel.emit(SOCKET_EVENTS.fileUploadError, {
        roomId,
        id,
        fileName,
        attachmentIndex,
        error: message.slice(0, 500),
        timestamp: Date.now(),
      });
    throw error instanceof UploadError ? error : new UploadError(message);
  } finally {
    stopWatching();
  }
}
