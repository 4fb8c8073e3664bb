import { type Attachment, type ChatMessage, type Media, SOCKET_EVENTS } from '@fieldhouse/shared';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { SocketNotConnectedError, SocketRequestError } from './chat-socket.ts';
import { Outbox, type OutboxChannel, withoutPending } from './outbox.ts';

type Payload = Record<string, unknown>;
type Handler = (event: string, payload: Payload) => unknown;
type OutgoingPayload = {
  roomId: number;
  clientId: string;
  message: string;
  messageType: string;
  attachments: Attachment[];
  hasChunkedFiles: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidFor = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let nextId = 1;
const mediaFor = (payload: Payload): Media => {
  const id = nextId++;
  return {
    id,
    uuid: uuidFor(id),
    fileName: String(payload.fileName),
    mimeType: String(payload.fileName).endsWith('.pdf') ? 'application/pdf' : 'image/png',
    size: 1,
    url: `/media/${id}`,
  };
};

const storedFrom = (payload: Payload): ChatMessage => {
  const id = nextId++;
  return {
    id,
    uuid: uuidFor(id),
    sender: { id: 1 },
    content: String(payload.message),
    createdAt: new Date().toISOString(),
    editedAt: null,
    unsent: false,
    messageType: 'TEXT',
    media: [],
    poll: null,
    chatRoom: { id: Number(payload.roomId), uuid: uuidFor(9000) },
  };
};

/** The server as the outbox sees it: uploads succeed, messages are stored, unless a test says otherwise. */
const serve: Handler = (event, payload) => {
  if (event === SOCKET_EVENTS.fileUploadComplete) return mediaFor(payload);
  if (event === SOCKET_EVENTS.chatMessage) return storedFrom(payload);
  return {};
};

class FakeChannel implements OutboxChannel {
  connected = true;
  handler: Handler = serve;
  readonly requests: { event: string; payload: Payload }[] = [];
  readonly connectCallbacks = new Set<() => void>();
  readonly disconnectCallbacks = new Set<() => void>();

  async request<T>(event: string, payload: unknown): Promise<T> {
    const body = payload as Payload;
    this.requests.push({ event, payload: body });
    return (await this.handler(event, body)) as T;
  }

  emit() {}

  onDisconnect(callback: () => void) {
    this.disconnectCallbacks.add(callback);
    return () => {
      this.disconnectCallbacks.delete(callback);
    };
  }

  onConnect(callback: () => void) {
    this.connectCallbacks.add(callback);
    return () => {
      this.connectCallbacks.delete(callback);
    };
  }

  reconnect() {
    this.connected = true;
    for (const callback of this.connectCallbacks) callback();
  }

  sent(): OutgoingPayload[] {
    return this.requests
      .filter((r) => r.event === SOCKET_EVENTS.chatMessage)
      .map((r) => r.payload as unknown as OutgoingPayload);
  }

  requested(event: string) {
    return this.requests.filter((r) => r.event === event).map((r) => r.payload);
  }
}

const deferred = <T = unknown>() => {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const image = (name = 'photo.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const pdf = (name = 'plan.pdf') => new File([new Uint8Array(10)], name, { type: 'application/pdf' });

let channel: FakeChannel;
let onSent: ReturnType<typeof vi.fn<(message: ChatMessage) => void>>;
let outbox: Outbox;
let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  channel = new FakeChannel();
  onSent = vi.fn<(message: ChatMessage) => void>();
  outbox = new Outbox(channel, onSent);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  outbox.close();
  warn.mockRestore();
});

describe('Outbox text messages', () => {
  it('sends messages one at a time, in the order written, each with its own uuid client id', async () => {
    const acks = [deferred(), deferred(), deferred()];
    let call = 0;
    channel.handler = async (event, payload) => {
      await acks[call++]?.promise;
      return serve(event, payload);
    };

    const items = ['one', 'two', 'three'].map((text) => outbox.send(3, text));
    await vi.waitFor(() => expect(channel.sent()).toHaveLength(1));
    // The second waits for the first's answer.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(channel.sent()).toHaveLength(1);
    for (const ack of acks) ack.resolve(undefined);

    await vi.waitFor(() => expect(channel.sent()).toHaveLength(3));
    const sent = channel.sent();
    expect(sent.map((p) => p.message)).toEqual(['one', 'two', 'three']);
    expect(sent.map((p) => p.clientId)).toEqual(items.map((item) => item?.clientId));
    for (const p of sent) {
      expect(p.clientId).toMatch(UUID);
      expect(p).toMatchObject({ roomId: 3, messageType: 'TEXT', attachments: [], hasChunkedFiles: false });
    }
    expect(new Set(sent.map((p) => p.clientId)).size).toBe(3);
  });

  it('hands the stored message to onSent and drops it from pending', async () => {
    const stored = storedFrom({ roomId: 3, message: 'hello' });
    channel.handler = (event, payload) => (event === SOCKET_EVENTS.chatMessage ? stored : serve(event, payload));

    const item = outbox.send(3, 'hello');
    expect(item).toMatchObject({ roomId: 3, text: 'hello', status: 'sending', files: [] });
    expect(outbox.pending(3)).toEqual([item]);

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(onSent).toHaveBeenCalledWith(stored);
    expect(outbox.pending(3)).toEqual([]);
  });

  it('notifies subscribers of changes until they unsubscribe', async () => {
    const listener = vi.fn();
    const unsubscribe = outbox.subscribe(listener);
    outbox.send(3, 'hello');
    expect(listener).toHaveBeenCalled();
    await vi.waitFor(() => expect(outbox.pending(3)).toEqual([]));
    unsubscribe();
    listener.mockClear();
    outbox.send(3, 'again');
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
    expect(listener).not.toHaveBeenCalled();
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['5001 characters', 'x'.repeat(5001)],
  ])('does not queue an %s text', async (_, text) => {
    expect(outbox.send(3, text)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Message too long or invalid');
    expect(outbox.pending(3)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(channel.requests).toEqual([]);
  });

  it('does not queue a 5001-character caption even with files', () => {
    expect(outbox.send(3, 'x'.repeat(5001), [image()])).toBeNull();
    expect(warn).toHaveBeenCalledWith('Message too long or invalid');
    expect(outbox.pending(3)).toEqual([]);
  });

  it('accepts exactly 5000 characters', async () => {
    expect(outbox.send(3, 'x'.repeat(5000))).not.toBeNull();
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('Outbox and the connection', () => {
  it('keeps a message written while disconnected and sends it on connect', async () => {
    channel.connected = false;
    const item = outbox.send(3, 'hello');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(channel.requests).toEqual([]);
    expect(outbox.pending(3)).toEqual([expect.objectContaining({ clientId: item?.clientId, status: 'sending' })]);

    channel.reconnect();

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(channel.sent()[0]).toMatchObject({ clientId: item?.clientId, message: 'hello' });
    expect(outbox.pending(3)).toEqual([]);
  });

  it.each([
    ['timed out', () => new Error('operation has timed out')],
    ['found the socket closed', () => new SocketNotConnectedError()],
  ])('re-sends a request that %s with the same client id after reconnecting', async (_, makeError) => {
    let first = true;
    channel.handler = (event, payload) => {
      if (event === SOCKET_EVENTS.chatMessage && first) {
        first = false;
        throw makeError();
      }
      return serve(event, payload);
    };

    const item = outbox.send(3, 'hello');
    await vi.waitFor(() => expect(channel.sent()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(outbox.pending(3)).toEqual([expect.objectContaining({ clientId: item?.clientId, status: 'sending' })]);
    expect(onSent).not.toHaveBeenCalled();
    expect(channel.sent()).toHaveLength(1);

    channel.reconnect();

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(channel.sent().map((p) => p.clientId)).toEqual([item?.clientId, item?.clientId]);
    expect(outbox.pending(3)).toEqual([]);
  });

  it('stops listening for connections when closed', () => {
    expect(channel.connectCallbacks.size).toBe(1);
    outbox.close();
    expect(channel.connectCallbacks.size).toBe(0);
  });
});

describe('Outbox refusals', () => {
  const refuseFirst = () => {
    let refused = false;
    channel.handler = (event, payload) => {
      if (event === SOCKET_EVENTS.chatMessage && !refused) {
        refused = true;
        throw new SocketRequestError(400, 'You are not a member of this room');
      }
      return serve(event, payload);
    };
  };

  it('marks a refused message failed with the reason and goes on with the next', async () => {
    refuseFirst();
    const refused = outbox.send(3, 'first');
    outbox.send(3, 'second');

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(onSent.mock.calls[0]?.[0].content).toBe('second');
    expect(outbox.pending(3)).toEqual([
      expect.objectContaining({
        clientId: refused?.clientId,
        status: 'failed',
        error: 'You are not a member of this room',
      }),
    ]);
  });

  it('sends again by itself, with the same client id, when the server asks for it (503)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let asked = false;
      channel.handler = (event, payload) => {
        if (event === SOCKET_EVENTS.chatMessage && !asked) {
          asked = true;
          throw new SocketRequestError(503, 'Saved, but not yet delivered to everyone: send it again');
        }
        return serve(event, payload);
      };
      const item = outbox.send(3, 'hello');
      await vi.advanceTimersByTimeAsync(0);
      expect(channel.sent()).toHaveLength(1);
      expect(outbox.pending(3)).toEqual([expect.objectContaining({ clientId: item?.clientId, status: 'sending' })]);

      await vi.advanceTimersByTimeAsync(3000);
      expect(onSent).toHaveBeenCalledTimes(1);
      expect(channel.sent().map((p) => p.clientId)).toEqual([item?.clientId, item?.clientId]);
      expect(outbox.pending(3)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows Retry with the reason once three sends in a row were unconfirmed (503), and starts over on retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const reason = 'Saved, but not yet delivered to everyone: send it again';
      let unconfirmed = 0;
      channel.handler = (event, payload) => {
        if (event === SOCKET_EVENTS.chatMessage && unconfirmed < 5) {
          unconfirmed++;
          throw new SocketRequestError(503, reason);
        }
        return serve(event, payload);
      };
      const item = outbox.send(3, 'hello');
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(3000);
      expect(outbox.pending(3)[0]?.status).toBe('sending');
      await vi.advanceTimersByTimeAsync(3000);
      expect(channel.sent()).toHaveLength(3);
      expect(outbox.pending(3)).toEqual([expect.objectContaining({ status: 'failed', error: reason })]);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(channel.sent()).toHaveLength(3);

      // Two more unconfirmed sends (the count starts over), then the stored message's ack.
      outbox.retry(item?.clientId ?? '');
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(3000);
      expect(onSent).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(3000);
      expect(onSent).toHaveBeenCalledTimes(1);
      expect(new Set(channel.sent().map((p) => p.clientId))).toEqual(new Set([item?.clientId]));
      expect(channel.sent()).toHaveLength(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts unconfirmed sends in a row: a timeout between them starts the count over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answers = ['503', '503', 'timeout', '503', '503'];
      channel.handler = (event, payload) => {
        const answer = event === SOCKET_EVENTS.chatMessage ? answers.shift() : undefined;
        if (answer === '503') throw new SocketRequestError(503, 'Saved, but not yet delivered to everyone');
        if (answer === 'timeout') throw new Error('operation has timed out');
        return serve(event, payload);
      };
      outbox.send(3, 'hello');
      await vi.advanceTimersByTimeAsync(0);
      for (let i = 0; i < 5; i++) {
        expect(outbox.pending(3)[0]?.status).toBe('sending');
        await vi.advanceTimersByTimeAsync(3000);
      }
      expect(channel.sent()).toHaveLength(6);
      expect(onSent).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a failed message again on retry, with the same client id', async () => {
    refuseFirst();
    const item = outbox.send(3, 'hello');
    await vi.waitFor(() => expect(outbox.pending(3)[0]?.status).toBe('failed'));

    outbox.retry(item?.clientId ?? '');
    expect(outbox.pending(3)[0]).toMatchObject({ status: 'sending', error: undefined });

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(channel.sent().map((p) => p.clientId)).toEqual([item?.clientId, item?.clientId]);
    expect(outbox.pending(3)).toEqual([]);
  });

  it('removes a failed message on discard', async () => {
    refuseFirst();
    const item = outbox.send(3, 'hello');
    await vi.waitFor(() => expect(outbox.pending(3)[0]?.status).toBe('failed'));

    outbox.discard(item?.clientId ?? '');

    expect(outbox.pending(3)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(channel.sent()).toHaveLength(1);
  });
});

describe('Outbox files', () => {
  it('uploads the files first, then sends them as attachments of an IMAGE message', async () => {
    const files = [image('a.png'), image('b.png')];
    const item = outbox.send(3, 'look', files);
    expect(item?.status).toBe('uploading');
    expect(item?.files.map((f) => f.status)).toEqual(['queued', 'queued']);

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));

    const events = channel.requests.map((r) => r.event);
    expect(events).toEqual([
      SOCKET_EVENTS.fileUploadChunk,
      SOCKET_EVENTS.fileUploadComplete,
      SOCKET_EVENTS.fileUploadChunk,
      SOCKET_EVENTS.fileUploadComplete,
      SOCKET_EVENTS.chatMessage,
    ]);
    expect(channel.requested(SOCKET_EVENTS.fileUploadChunk).map((p) => [p.fileName, p.attachmentIndex])).toEqual([
      ['a.png', 0],
      ['b.png', 1],
    ]);
    const [message] = channel.sent();
    const media = channel.requests
      .filter((r) => r.event === SOCKET_EVENTS.fileUploadComplete)
      .map((r) => r.payload.fileName);
    expect(media).toEqual(['a.png', 'b.png']);
    expect(message).toMatchObject({ clientId: item?.clientId, message: 'look', messageType: 'IMAGE' });
    expect(message?.attachments).toEqual([
      expect.objectContaining({ attachmentId: expect.stringMatching(UUID), originalName: 'a.png', totalSize: 10 }),
      expect.objectContaining({ attachmentId: expect.stringMatching(UUID), originalName: 'b.png', totalSize: 10 }),
    ]);
    expect(message?.attachments[0]?.attachmentId).not.toBe(message?.attachments[1]?.attachmentId);
    expect(outbox.pending(3)).toEqual([]);
  });

  it("uses each upload's media uuid as the attachment id", async () => {
    const uploaded: Media[] = [];
    channel.handler = (event, payload) => {
      if (event !== SOCKET_EVENTS.fileUploadComplete) return serve(event, payload);
      const media = mediaFor(payload);
      uploaded.push(media);
      return media;
    };
    outbox.send(3, '', [image('a.png'), image('b.png')]);
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(channel.sent()[0]?.attachments.map((a) => a.attachmentId)).toEqual(uploaded.map((m) => m.uuid));
    expect(channel.sent()[0]?.attachments.map((a) => a.mimeType)).toEqual(uploaded.map((m) => m.mimeType));
  });

  it.each([
    ['a PDF', [pdf()]],
    ['an image and a PDF', [image(), pdf()]],
  ])('sends %s as a FILE message', async (_, files) => {
    outbox.send(3, '', files);
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(channel.sent()[0]?.messageType).toBe('FILE');
    expect(channel.sent()[0]?.attachments).toHaveLength(files.length);
  });

  it('marks a file larger than one chunk as chunked', async () => {
    outbox.send(3, '', [image('big.png', 600 * 1024)]);
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(channel.sent()[0]).toMatchObject({ hasChunkedFiles: true });
    expect(channel.sent()[0]?.attachments[0]).toMatchObject({ isChunked: true, chunkCount: 2, totalSize: 600 * 1024 });
  });

  it('shows per-file status and progress while uploading', async () => {
    const secondChunk = deferred();
    channel.handler = async (event, payload) => {
      if (event === SOCKET_EVENTS.fileUploadChunk && payload.index === 1) await secondChunk.promise;
      return serve(event, payload);
    };
    // 600 KB: two chunks, so the first file is half done while its second chunk waits.
    outbox.send(3, 'two files', [image('big.png', 600 * 1024), image('small.png')]);

    await vi.waitFor(() => expect(outbox.pending(3)[0]?.files[0]?.progress).toBe(50));
    const [first, second] = outbox.pending(3)[0]?.files ?? [];
    expect(outbox.pending(3)[0]?.status).toBe('uploading');
    expect(first).toMatchObject({ status: 'uploading', progress: 50 });
    expect(second).toMatchObject({ status: 'queued', progress: 0 });
    expect(channel.sent()).toEqual([]);

    secondChunk.resolve(undefined);
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
  });

  it('records a done file with its media before the message goes', async () => {
    const send = deferred();
    channel.handler = async (event, payload) => {
      if (event === SOCKET_EVENTS.chatMessage) await send.promise;
      return serve(event, payload);
    };
    outbox.send(3, '', [image('a.png')]);
    await vi.waitFor(() => expect(channel.sent()).toHaveLength(1));
    expect(outbox.pending(3)[0]).toMatchObject({ status: 'sending' });
    expect(outbox.pending(3)[0]?.files[0]).toMatchObject({
      status: 'done',
      progress: 100,
      media: expect.objectContaining({ fileName: 'a.png' }),
    });
    send.resolve(undefined);
    await vi.waitFor(() => expect(outbox.pending(3)).toEqual([]));
  });

  it('fails the message when an upload is refused, and uploads again on retry', async () => {
    let refused = false;
    channel.handler = (event, payload) => {
      if (event === SOCKET_EVENTS.fileUploadChunk && !refused) {
        refused = true;
        throw new Error('Unsupported file type');
      }
      return serve(event, payload);
    };
    const item = outbox.send(3, '', [image('a.png')]);
    await vi.waitFor(() => expect(outbox.pending(3)[0]?.status).toBe('failed'));
    expect(outbox.pending(3)[0]).toMatchObject({ error: 'File upload failed at chunk 0' });
    expect(outbox.pending(3)[0]?.files[0]).toMatchObject({ status: 'failed', error: 'File upload failed at chunk 0' });
    expect(channel.sent()).toEqual([]);

    outbox.retry(item?.clientId ?? '');
    expect(outbox.pending(3)[0]).toMatchObject({ status: 'uploading' });

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(channel.sent()[0]?.clientId).toBe(item?.clientId);
  });

  it('discards a message without text when its only file is cancelled', async () => {
    const chunk = deferred();
    channel.handler = async (event, payload) => {
      if (event === SOCKET_EVENTS.fileUploadChunk) await chunk.promise;
      return serve(event, payload);
    };
    const item = outbox.send(3, '', [image('a.png')]);
    await vi.waitFor(() => expect(channel.requested(SOCKET_EVENTS.fileUploadChunk)).toHaveLength(1));
    const file = item?.files[0];

    outbox.cancelFile(item?.clientId ?? '', file?.key ?? '');

    expect(outbox.pending(3)).toEqual([]);
    expect(file?.controller.signal.aborted).toBe(true);
    chunk.resolve(undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(channel.requested(SOCKET_EVENTS.fileUploadComplete)).toEqual([]);
    expect(channel.sent()).toEqual([]);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('sends the text without a cancelled file', async () => {
    channel.connected = false;
    const item = outbox.send(3, 'caption', [image('a.png'), pdf('b.pdf')]);
    outbox.cancelFile(item?.clientId ?? '', item?.files[1]?.key ?? '');
    expect(outbox.pending(3)[0]?.files.map((f) => f.file.name)).toEqual(['a.png']);

    channel.reconnect();

    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(channel.sent()[0]).toMatchObject({ message: 'caption', messageType: 'IMAGE' });
    expect(channel.sent()[0]?.attachments.map((a) => a.originalName)).toEqual(['a.png']);
  });
});

describe('Outbox.pending', () => {
  it('returns the same array while nothing changed, and a new one after a change', async () => {
    channel.connected = false;
    const empty = outbox.pending(3);
    expect(outbox.pending(3)).toBe(empty);
    expect(outbox.pending(4)).toBe(empty);

    outbox.send(3, 'one');
    const one = outbox.pending(3);
    expect(one).not.toBe(empty);
    expect(one).toHaveLength(1);
    expect(outbox.pending(3)).toBe(one);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(outbox.pending(3)).toBe(one);

    outbox.send(3, 'two');
    expect(outbox.pending(3)).not.toBe(one);
    expect(outbox.pending(3).map((p) => p.text)).toEqual(['one', 'two']);
  });

  it('keeps rooms apart', () => {
    channel.connected = false;
    outbox.send(3, 'for three');
    outbox.send(4, 'for four');
    expect(outbox.pending(3).map((p) => p.text)).toEqual(['for three']);
    expect(outbox.pending(4).map((p) => p.text)).toEqual(['for four']);
    expect(outbox.pending(5)).toEqual([]);
  });
});

describe('the thread beside the outbox (withoutPending)', () => {
  it('shows the pending bubble, not the stored copy its author heard, until the resend is acked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const heard: ChatMessage[] = [];
      let refused = false;
      channel.handler = (event, payload) => {
        if (event !== SOCKET_EVENTS.chatMessage) return serve(event, payload);
        // Stored once: the server's own node delivers it to its author, then answers 503 once.
        const stored = heard[0] ?? { ...storedFrom(payload), clientId: String(payload.clientId) };
        if (!refused) {
          refused = true;
          heard.push(stored);
          throw new SocketRequestError(503, 'Saved, but not yet delivered to everyone: send it again');
        }
        return stored;
      };
      const older = { ...storedFrom({ message: 'earlier', roomId: 3 }), clientId: uuidFor(1) };
      outbox.send(3, 'hello');
      await vi.advanceTimersByTimeAsync(0);
      expect(heard).toHaveLength(1);
      expect(outbox.pending(3)).toHaveLength(1);
      expect(withoutPending([older, ...heard], outbox.pending(3), 1)).toEqual([older]);

      await vi.advanceTimersByTimeAsync(3000);
      expect(outbox.pending(3)).toEqual([]);
      expect(onSent).toHaveBeenCalledWith(heard[0]);
      expect(withoutPending([older, ...heard], outbox.pending(3), 1)).toEqual([older, heard[0]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps stored messages that carry no client id, or are someone else’s under the same id', () => {
    const stored = storedFrom({ message: 'from the server', roomId: 3 });
    const item = outbox.send(3, 'still going');
    const theirs = { ...storedFrom({ message: 'copied id', roomId: 3 }), sender: { id: 2 }, clientId: item?.clientId };
    expect(withoutPending([stored, theirs], outbox.pending(3), 1)).toEqual([stored, theirs]);
    expect(withoutPending([stored], [], 1)).toEqual([stored]);
  });
});
