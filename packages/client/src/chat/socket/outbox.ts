/**
 * Messages on their way out. Each gets a client id before it leaves, so a resend after a dropped
 * connection can never store it twice; sends wait for the connection instead of being lost, in
 * the order they were written. Files upload first, with progress, then the message carries them.
 */
import {
  type Attachment,
  CHAT,
  type ChatMessage,
  isSendableText,
  type Media,
  type MessageQuote,
  type MessageType,
  SOCKET_EVENTS,
} from '@fieldhouse/shared';
import { SOCKET_TEXTS } from './socket-errors.ts';
import { type UploadChannel, UploadError, uploadFile } from './uploader.ts';

export type PendingFile = {
  key: string;
  file: File;
  progress: number;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  media?: Media | undefined;
  error?: string | undefined;
  controller: AbortController;
};

export type PendingMessage = {
  clientId: string;
  roomId: number;
  text: string;
  files: PendingFile[];
  /** The message it answers (decision 023), quoted in the pending bubble too. */
  replyTo?: MessageQuote | undefined;
  status: 'uploading' | 'sending' | 'failed';
  error?: string | undefined;
  createdAt: string;
};

export type OutboxChannel = UploadChannel & {
  /** Calls back on every (re)connection; returns the unsubscribe function. */
  onConnect(callback: () => void): () => void;
};

/** Refusals the server answered (4xx, a server error): sending again would not help, so the message fails. */
const isRefusal = (error: unknown): error is Error & { statusCode: number } =>
  error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number';

/**
 * The server stored the message but could not confirm its delivery to everyone (503, decision
 * 043): it asks for the resend, which goes like a lost ack's, a few times before it shows Retry.
 */
const isUnconfirmed = (error: unknown) => isRefusal(error) && error.statusCode === 503;

const messageTypeFor = (files: PendingFile[]): MessageType =>
  files.length === 0 ? 'TEXT' : files.every((f) => f.file.type.startsWith('image/')) ? 'IMAGE' : 'FILE';

export class Outbox {
  private items: PendingMessage[] = [];
  private readonly byRoom = new Map<number, PendingMessage[]>();
  private readonly listeners = new Set<() => void>();
  private working = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stopWatching: () => void;
  /** Resends each message's unconfirmed deliveries (503) have asked for so far. */
  private readonly unconfirmed = new Map<string, number>();

  constructor(
    private readonly channel: OutboxChannel,
    private readonly onSent: (message: ChatMessage) => void,
  ) {
    this.stopWatching = channel.onConnect(() => void this.work());
  }

  /** Queues a message; returns null (and warns, SPEC §5) when there is nothing valid to send. */
  send(roomId: number, text: string, files: File[] = [], replyTo?: MessageQuote): PendingMessage | null {
    if (files.length === 0 && !isSendableText(text)) {
      console.warn(SOCKET_TEXTS.messageInvalid);
      return null;
    }
    if (text.length > CHAT.maxMessageLength) {
      console.warn(SOCKET_TEXTS.messageInvalid);
      return null;
    }
    const item: PendingMessage = {
      clientId: crypto.randomUUID(),
      roomId,
      text,
      files: files.map((file) => ({
        key: crypto.randomUUID(),
        file,
        progress: 0,
        status: 'queued',
        controller: new AbortController(),
      })),
      replyTo,
      status: files.length > 0 ? 'uploading' : 'sending',
      createdAt: new Date().toISOString(),
    };
    this.items.push(item);
    this.changed();
    void this.work();
    return item;
  }

  retry(clientId: string) {
    this.update(clientId, (item) => ({
      ...item,
      error: undefined,
      status: item.files.some((f) => f.status !== 'done') ? 'uploading' : 'sending',
      files: item.files.map((f) =>
        f.status === 'done'
          ? f
          : { ...f, status: 'queued', progress: 0, error: undefined, controller: new AbortController() },
      ),
    }));
    void this.work();
  }

  discard(clientId: string) {
    for (const f of this.items.find((i) => i.clientId === clientId)?.files ?? []) f.controller.abort();
    this.items = this.items.filter((i) => i.clientId !== clientId);
    this.unconfirmed.delete(clientId);
    this.changed();
  }

  /** Cancels one file of a message; the message goes without it (or not at all if nothing is left). */
  cancelFile(clientId: string, key: string) {
    const item = this.items.find((i) => i.clientId === clientId);
    const file = item?.files.find((f) => f.key === key);
    if (!item || !file) return;
    file.controller.abort();
    const files = item.files.filter((f) => f.key !== key);
    if (files.length === 0 && !isSendableText(item.text)) this.discard(clientId);
    else this.update(clientId, (i) => ({ ...i, files }));
  }

  pending(roomId: number): PendingMessage[] {
    return this.byRoom.get(roomId) ?? EMPTY;
  }

  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  close() {
    clearTimeout(this.retryTimer);
    this.stopWatching();
    for (const item of this.items) for (const f of item.files) f.controller.abort();
  }

  /** One worker, oldest first; it stops when the connection is gone and resumes on connect. */
  private async work() {
    if (this.working) return;
    this.working = true;
    try {
      for (;;) {
        const item = this.items.find((i) => i.status !== 'failed');
        if (!item || !this.channel.connected) return;
        const done = item.status === 'uploading' ? await this.upload(item) : await this.deliver(item);
        if (!done) return;
      }
    } finally {
      this.working = false;
    }
  }

  /** Uploads the item's files in turn; false when the worker must stop and wait. */
  private async upload(item: PendingMessage): Promise<boolean> {
    for (const file of item.files) {
      if (file.status === 'done') continue;
      if (!this.items.includes(this.find(item.clientId) as PendingMessage)) return true;
      this.patchFile(item.clientId, file.key, { status: 'uploading', progress: 0 });
      try {
        const media = await uploadFile(this.channel, {
          roomId: item.roomId,
          file: file.file,
          attachmentIndex: item.files.indexOf(file),
          signal: file.controller.signal,
          onProgress: ({ progress }) => this.patchFile(item.clientId, file.key, { progress }),
        });
        this.patchFile(item.clientId, file.key, { status: 'done', progress: 100, media });
      } catch (error) {
        if (error instanceof UploadError && error.cancelled) return true;
        const message = error instanceof Error ? error.message : String(error);
        this.patchFile(item.clientId, file.key, { status: 'failed', error: message });
        this.update(item.clientId, (i) => ({ ...i, status: 'failed', error: message }));
        return true;
      }
    }
    const current = this.find(item.clientId);
    if (current) this.update(item.clientId, (i) => ({ ...i, status: 'sending' }));
    return true;
  }

  private async deliver(item: PendingMessage): Promise<boolean> {
    const attachments: Attachment[] = item.files.map((f) => ({
      attachmentId: f.media?.uuid,
      isChunked: f.file.size > CHAT.maxChunkSizeBytes,
      totalSize: f.file.size,
      chunkCount: Math.max(1, Math.ceil(f.file.size / CHAT.maxChunkSizeBytes)),
      originalName: (f.file.name || 'file').slice(0, 255),
      mimeType: f.media?.mimeType ?? (f.file.type || undefined),
    }));
    try {
      const stored = await this.channel.request<ChatMessage>(SOCKET_EVENTS.chatMessage, {
        roomId: item.roomId,
        clientId: item.clientId,
        message: item.text,
        messageType: messageTypeFor(item.files),
        attachments,
        timestamp: Date.now(),
        hasChunkedFiles: attachments.some((a) => a.isChunked),
        replyToId: item.replyTo?.id,
      });
      this.items = this.items.filter((i) => i.clientId !== item.clientId);
      this.unconfirmed.delete(item.clientId);
      this.onSent(stored);
      this.changed();
      return true;
    } catch (error) {
      // Unconfirmed sends count in a row: any other outcome starts the count over.
      const unconfirmed = isUnconfirmed(error) ? (this.unconfirmed.get(item.clientId) ?? 0) + 1 : 0;
      this.unconfirmed.delete(item.clientId);
      if (unconfirmed > 0 && unconfirmed < UNCONFIRMED_RESENDS) {
        // Unless it was discarded meanwhile.
        if (this.find(item.clientId)) this.unconfirmed.set(item.clientId, unconfirmed);
      } else if (isRefusal(error)) {
        this.update(item.clientId, (i) => ({ ...i, status: 'failed', error: error.message }));
        return true;
      }
      // Timed out, disconnected or asked to resend: keep it; the same client id goes again on
      // reconnect, or shortly if the connection stayed up (the ack was lost, not the socket).
      if (this.channel.connected) {
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => void this.work(), RESEND_AFTER_MS);
      }
      return false;
    }
  }

  private find(clientId: string) {
    return this.items.find((i) => i.clientId === clientId);
  }

  private update(clientId: string, change: (item: PendingMessage) => PendingMessage) {
    this.items = this.items.map((i) => (i.clientId === clientId ? change(i) : i));
    this.changed();
  }

  private patchFile(clientId: string, key: string, patch: Partial<PendingFile>) {
    this.update(clientId, (i) => ({ ...i, files: i.files.map((f) => (f.key === key ? { ...f, ...patch } : f)) }));
  }

  private changed() {
    this.byRoom.clear();
    for (const item of this.items) this.byRoom.set(item.roomId, [...(this.byRoom.get(item.roomId) ?? []), item]);
    for (const listener of this.listeners) listener();
  }
}

/**
 * A thread's stored messages without the copies of the viewer's own still in the outbox: a
 * message can be stored and delivered back to its author while its ack was lost or answered 503
 * ("not yet delivered to everyone", decision 043). The thread shows the pending bubble, with its
 * state and Retry, until the outbox lets go of it; then the stored message.
 */
export function withoutPending(messages: ChatMessage[], pending: PendingMessage[], viewerId: number): ChatMessage[] {
  if (pending.length === 0) return messages;
  const ids = new Set(pending.map((item) => item.clientId));
  return messages.filter(
    (message) => message.clientId === undefined || message.sender.id !== viewerId || !ids.has(message.clientId),
  );
}

const EMPTY: PendingMessage[] = [];
const RESEND_AFTER_MS = 3000;
/** Sends of one message answered 503 before it fails and shows Retry: Redis is refusing writes. */
const UNCONFIRMED_RESENDS = 3;
