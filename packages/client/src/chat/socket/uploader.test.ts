import { CHAT, type Media, SOCKET_EVENTS } from '@fieldhouse/shared';
import { describe, expect, it, vi } from 'vitest';
import { COMPLETE_TIMEOUT_MS, type UploadChannel, UploadError, uploadFile } from './uploader.ts';

type Sent = { event: string; payload: Record<string, unknown>; timeoutMs: number | undefined; at: number };
type Handler = (event: string, payload: Record<string, unknown>) => unknown;

const MEDIA: Media = {
  id: 7,
  uuid: '00000000-0000-4000-8000-000000000007',
  fileName: 'photo.jpg',
  mimeType: 'image/jpeg',
  size: 1,
  url: '/media/7',
};

/** An in-memory socket: records requests and emits, answers with `handler`, can drop. */
class FakeChannel implements UploadChannel {
  connected = true;
  readonly requests: Sent[] = [];
  readonly emitted: { event: string; payload: Record<string, unknown> }[] = [];
  readonly disconnectCallbacks = new Set<() => void>();

  constructor(
    private readonly handler: Handler = (event) => (event === SOCKET_EVENTS.fileUploadComplete ? MEDIA : {}),
  ) {}

  async request<T>(event: string, payload: unknown, timeoutMs?: number): Promise<T> {
    const body = payload as Record<string, unknown>;
    this.requests.push({ event, payload: body, timeoutMs, at: performance.now() });
    return (await this.handler(event, body)) as T;
  }

  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload: payload as Record<string, unknown> });
  }

  onDisconnect(callback: () => void) {
    this.disconnectCallbacks.add(callback);
    return () => {
      this.disconnectCallbacks.delete(callback);
    };
  }

  drop() {
    this.connected = false;
    for (const callback of this.disconnectCallbacks) callback();
  }

  chunks() {
    return this.requests.filter((r) => r.event === SOCKET_EVENTS.fileUploadChunk).map((r) => r.payload);
  }

  emittedOf(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
}

const KB = 1024;
const MB = 1024 * KB;

/** A file whose bytes are a repeating pattern, so a chunk in the wrong place shows. */
const patternedFile = (size: number, name = 'photo.jpg', type = 'image/jpeg') => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 10)) % 251;
  return { file: new File([bytes], name, { type }), bytes };
};

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
};

/** Byte for byte; toEqual over a megabyte is slow. */
const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const failure = async (promise: Promise<unknown>): Promise<UploadError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UploadError);
    return error as UploadError;
  }
  throw new Error('expected the upload to fail');
};

describe('uploadFile', () => {
  it('sends a 1.3 MB file as three chunks of at most 512 KB that add up to the file', async () => {
    const size = Math.round(1.3 * MB);
    const { file, bytes } = patternedFile(size);
    const channel = new FakeChannel();

    const media = await uploadFile(channel, { roomId: 4, file, attachmentIndex: 2, pacingMs: 0 });

    expect(media).toEqual(MEDIA);
    const chunks = channel.chunks();
    expect(chunks).toHaveLength(3);
    const id = chunks[0]?.id;
    expect(typeof id).toBe('string');
    expect(chunks.map(({ data: _data, ...rest }) => rest)).toEqual([
      {
        roomId: 4,
        id,
        index: 0,
        totalChunks: 3,
        fileName: 'photo.jpg',
        attachmentIndex: 2,
        size: 512 * KB,
        offset: 0,
        totalSize: size,
      },
      {
        roomId: 4,
        id,
        index: 1,
        totalChunks: 3,
        fileName: 'photo.jpg',
        attachmentIndex: 2,
        size: 512 * KB,
        offset: 512 * KB,
        totalSize: size,
      },
      {
        roomId: 4,
        id,
        index: 2,
        totalChunks: 3,
        fileName: 'photo.jpg',
        attachmentIndex: 2,
        size: size - 1024 * KB,
        offset: 1024 * KB,
        totalSize: size,
      },
    ]);
    const data = chunks.map((chunk) => chunk.data);
    for (const part of data) expect(part).toBeInstanceOf(Uint8Array);
    expect(sameBytes(concat(data as Uint8Array[]), bytes)).toBe(true);
  });

  it('finishes with a complete request for the same upload id and resolves with its media', async () => {
    const { file } = patternedFile(Math.round(1.3 * MB));
    const channel = new FakeChannel();

    await expect(uploadFile(channel, { roomId: 4, file, attachmentIndex: 1, pacingMs: 0 })).resolves.toEqual(MEDIA);

    const last = channel.requests.at(-1);
    expect(last?.event).toBe(SOCKET_EVENTS.fileUploadComplete);
    expect(last?.payload).toEqual({
      roomId: 4,
      id: channel.chunks()[0]?.id,
      fileName: 'photo.jpg',
      attachmentIndex: 1,
      totalChunks: 3,
    });
    // Storing the finished file (S3) may take longer than a chunk's acknowledgement.
    expect(last?.timeoutMs).toBe(COMPLETE_TIMEOUT_MS);
    expect(channel.requests.filter((r) => r.event === SOCKET_EVENTS.fileUploadComplete)).toHaveLength(1);
    expect(channel.emittedOf(SOCKET_EVENTS.fileUploadError)).toEqual([]);
    expect(channel.disconnectCallbacks.size).toBe(0);
  });

  it('gives each upload its own id', async () => {
    const channel = new FakeChannel();
    await uploadFile(channel, { roomId: 4, file: patternedFile(10).file, attachmentIndex: 0, pacingMs: 0 });
    await uploadFile(channel, { roomId: 4, file: patternedFile(10).file, attachmentIndex: 0, pacingMs: 0 });
    const [first, second] = channel.chunks();
    expect(first?.id).not.toBe(second?.id);
  });

  it('emits the progress event every 10 chunks and on the last, and moves the bar with every chunk', async () => {
    const { file } = patternedFile(6 * MB, 'clip.mp4', 'video/mp4');
    const channel = new FakeChannel();
    const onProgress = vi.fn();

    await uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, onProgress, pacingMs: 0 });

    expect(channel.chunks()).toHaveLength(12);
    expect(channel.emittedOf(SOCKET_EVENTS.fileUploadProgress)).toEqual([
      { roomId: 4, fileName: 'clip.mp4', attachmentIndex: 0, sentChunks: 10, totalChunks: 12, progress: 83 },
      { roomId: 4, fileName: 'clip.mp4', attachmentIndex: 0, sentChunks: 12, totalChunks: 12, progress: 100 },
    ]);
    expect(onProgress.mock.calls.map(([progress]) => progress)).toEqual(
      Array.from({ length: 12 }, (_, i) => ({
        sentChunks: i + 1,
        totalChunks: 12,
        progress: Math.round(((i + 1) / 12) * 100),
      })),
    );
  });

  it('counts a chunk as sent only once it has been acknowledged', async () => {
    const { file } = patternedFile(6 * MB);
    let acknowledged = 0;
    const channel = new FakeChannel(async (event) => {
      await delay(0);
      if (event === SOCKET_EVENTS.fileUploadChunk) acknowledged++;
      return event === SOCKET_EVENTS.fileUploadComplete ? MEDIA : {};
    });
    const seen: [number, number][] = [];
    await uploadFile(channel, {
      roomId: 4,
      file,
      attachmentIndex: 0,
      onProgress: ({ sentChunks }) => seen.push([sentChunks, acknowledged]),
      pacingMs: 0,
    });
    expect(seen.length).toBeGreaterThan(0);
    for (const [sentChunks, acked] of seen) expect(sentChunks).toBe(acked);
    expect(seen.at(-1)).toEqual([12, 12]);
  });

  it('sends an empty file as one empty chunk and names a nameless file', async () => {
    const channel = new FakeChannel();
    await uploadFile(channel, { roomId: 4, file: new File([], ''), attachmentIndex: 0, pacingMs: 0 });
    expect(channel.chunks()).toHaveLength(1);
    expect(channel.chunks()[0]).toMatchObject({ index: 0, totalChunks: 1, size: 0, offset: 0, fileName: 'file' });
  });

  it('refuses a file over 100 MB before any request', async () => {
    const file = new File(['x'], 'huge.mov', { type: 'video/quicktime' });
    Object.defineProperty(file, 'size', { value: CHAT.maxFileSizeBytes + 1 });
    const channel = new FakeChannel();

    const error = await failure(uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, pacingMs: 0 }));

    expect(error.message).toBe('File(s) too large. Maximum size is 100MB');
    expect(error.cancelled).toBe(false);
    expect(channel.requests).toEqual([]);
    expect(channel.emitted).toEqual([]);
  });

  it('accepts a file of exactly 100 MB (the check is not off by one)', async () => {
    const file = new File(['x'], 'limit.bin');
    Object.defineProperty(file, 'size', { value: CHAT.maxFileSizeBytes });
    // The first chunk's answer ends the test: the size check has been passed by then.
    const channel = new FakeChannel(() => Promise.reject(new Error('stop here')));
    const error = await failure(uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, pacingMs: 0 }));
    expect(error.message).toBe('File upload failed at chunk 0');
    expect(channel.chunks()[0]).toMatchObject({ totalChunks: 200, totalSize: CHAT.maxFileSizeBytes });
  });

  it('fails at the refused chunk with the server reason and tells the server', async () => {
    const { file } = patternedFile(Math.round(1.3 * MB));
    const channel = new FakeChannel((event, payload) => {
      if (event === SOCKET_EVENTS.fileUploadChunk && payload.index === 1) throw new Error('Chunk out of order');
      return {};
    });

    const error = await failure(uploadFile(channel, { roomId: 4, file, attachmentIndex: 3, pacingMs: 0 }));

    expect(error.message).toBe('File upload failed at chunk 1');
    expect(error.detail).toBe('Chunk out of order');
    expect(error.cancelled).toBe(false);
    expect(channel.chunks()).toHaveLength(2);
    expect(channel.requests.some((r) => r.event === SOCKET_EVENTS.fileUploadComplete)).toBe(false);
    expect(channel.emittedOf(SOCKET_EVENTS.fileUploadError)).toEqual([
      {
        roomId: 4,
        id: channel.chunks()[0]?.id,
        fileName: 'photo.jpg',
        attachmentIndex: 3,
        error: 'File upload failed at chunk 1',
        timestamp: expect.any(Number),
      },
    ]);
    expect(channel.disconnectCallbacks.size).toBe(0);
  });

  it('stops when the socket drops between chunks', async () => {
    const { file } = patternedFile(Math.round(1.3 * MB));
    const channel = new FakeChannel((event, payload) => {
      if (event === SOCKET_EVENTS.fileUploadChunk && payload.index === 0) channel.drop();
      return {};
    });

    const error = await failure(uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, pacingMs: 0 }));

    expect(error.message).toBe('Socket disconnected during file upload');
    expect(error.cancelled).toBe(false);
    expect(channel.chunks()).toHaveLength(1);
    // Nobody to tell: the error event needs a connection.
    expect(channel.emitted).toEqual([]);
    expect(channel.disconnectCallbacks.size).toBe(0);
  });

  it('stops on a disconnect notice even before `connected` turns false', async () => {
    const { file } = patternedFile(Math.round(1.3 * MB));
    const channel = new FakeChannel((event, payload) => {
      if (event === SOCKET_EVENTS.fileUploadChunk && payload.index === 1)
        for (const callback of channel.disconnectCallbacks) callback();
      return {};
    });

    const error = await failure(uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, pacingMs: 0 }));

    expect(error.message).toBe('Socket disconnected during file upload');
    expect(channel.chunks()).toHaveLength(2);
  });

  it('reports a drop during a chunk as a disconnect, not as a refused chunk', async () => {
    const { file } = patternedFile(10);
    const channel = new FakeChannel(() => {
      channel.drop();
      throw new Error('socket has been disconnected');
    });
    const error = await failure(uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, pacingMs: 0 }));
    expect(error.message).toBe('Socket disconnected during file upload');
  });

  it('refuses to start on a socket that is not connected', async () => {
    const channel = new FakeChannel();
    channel.connected = false;
    const error = await failure(uploadFile(channel, { roomId: 4, file: patternedFile(10).file, attachmentIndex: 0 }));
    expect(error.message).toBe('Socket disconnected during file upload');
    expect(channel.requests).toEqual([]);
  });

  it('times out once the deadline has passed', async () => {
    const { file } = patternedFile(Math.round(1.3 * MB));
    const channel = new FakeChannel(async () => {
      await delay(30);
      return {};
    });

    const error = await failure(
      uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, timeoutMs: 50, pacingMs: 0 }),
    );

    expect(error.message).toBe('File upload timeout after 50ms');
    expect(channel.chunks().length).toBeLessThan(3);
    expect(channel.requests.some((r) => r.event === SOCKET_EVENTS.fileUploadComplete)).toBe(false);
    // Each chunk may only wait for what is left of the deadline.
    for (const sent of channel.requests) expect(sent.timeoutMs).toBeLessThanOrEqual(50);
    expect(channel.emittedOf(SOCKET_EVENTS.fileUploadError)[0]?.error).toBe('File upload timeout after 50ms');
  });

  it('is cancelled through its AbortSignal', async () => {
    const { file } = patternedFile(Math.round(1.3 * MB));
    const controller = new AbortController();
    const channel = new FakeChannel((event, payload) => {
      if (event === SOCKET_EVENTS.fileUploadChunk && payload.index === 0) controller.abort();
      return {};
    });

    const error = await failure(
      uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, signal: controller.signal, pacingMs: 0 }),
    );

    expect(error.cancelled).toBe(true);
    expect(channel.chunks()).toHaveLength(1);
    expect(channel.requests.some((r) => r.event === SOCKET_EVENTS.fileUploadComplete)).toBe(false);
  });

  it('does not start with a signal that is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const channel = new FakeChannel();
    const error = await failure(
      uploadFile(channel, { roomId: 4, file: patternedFile(10).file, attachmentIndex: 0, signal: controller.signal }),
    );
    expect(error.cancelled).toBe(true);
    expect(channel.requests).toEqual([]);
  });

  it('paces consecutive chunks', async () => {
    const { file } = patternedFile(Math.round(1.3 * MB));
    const channel = new FakeChannel();

    await uploadFile(channel, { roomId: 4, file, attachmentIndex: 0, pacingMs: 10 });

    const times = channel.requests.filter((r) => r.event === SOCKET_EVENTS.fileUploadChunk).map((r) => r.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(9);
  });
});
