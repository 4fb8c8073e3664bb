/**
 * Chunked uploads (SPEC §7, §9): chunks of at most 512 KB in order, files of at most 100 MB,
 * a per-user quota, 300 s to finish. Bytes go to a temporary file named by a random id (never
 * the client's file name), the content type is sniffed from the bytes, and abandoned uploads are
 * removed. Temporary files are under DATA_DIR/uploads/tmp on the node that owns the socket;
 * finished files go to the file store (DATA_DIR/uploads, or S3: decision 013).
 */
import { createHash, type Hash, randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CHAT, type FileChunk, fileTooLargeMessage, type Media } from '@fieldhouse/shared';
import { and, eq, inArray, isNull, lt, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatAttachments } from '../../db/schema/index.ts';
import { badRequest, HttpError } from '../../errors.ts';
import { DiskFileStore } from './disk-file-store.ts';
import type { FileStore } from './file-store.ts';

export const USER_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;
/** Files a person may start uploading in a minute; a class photo album stays well under it. */
export const UPLOAD_STARTS_PER_MINUTE = 60;

type Session = {
  key: string;
  roomId: number;
  userId: number;
  /** The socket that started it: the upload dies with that socket (SPEC §7), not with the person's other tabs. */
  socketId: string | undefined;
  fileName: string;
  attachmentIndex: number;
  totalChunks: number;
  /** The whole file's size as declared at chunk 0, when it was. */
  totalSize: number | undefined;
  nextIndex: number;
  received: number;
  hash: Hash;
  file: FileHandle;
  tempPath: string;
  timer: NodeJS.Timeout;
  head: Buffer;
};

const tooLarge = () => new HttpError(413, fileTooLargeMessage(), 'file_too_large');
const largerThanDeclared = () => badRequest('size: the file is larger than its totalSize');
const quotaUsedUp = () =>
  new HttpError(413, 'Your upload quota is used up. Remove old files or ask an administrator.', 'quota');

/** The file name shown to people: no path, no control characters, at most 200 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const clean = [...base]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

/** The content type from the first bytes; anything unrecognised is served as a download. */
export function sniffMimeType(head: Buffer): string {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'application/zip';
  const text = head.subarray(0, 512);
  if (text.length > 0 && !text.includes(0)) return 'text/plain';
  return 'application/octet-stream';
}

export class UploadStore {
  private readonly sessions = new Map<string, Session>();
  /**
   * Bytes held against each upload's quota from its first chunk until its row is stored: the
   * declared size, or what arrived when more did. Parallel starts see each other's.
   */
  private readonly reserved = new Map<string, { userId: number; bytes: number }>();
  /** Each upload's chunks and completion run one at a time, in the order they arrived. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Uploads that ran out of time, remembered for another timeout so late chunks get a clear answer. */
  private readonly expired = new Set<string>();
  /** DATA_DIR/uploads: temporary files in tmp/, and the finished ones too when they stay on disk. */
  readonly root: string;
  readonly files: FileStore;

  constructor(
    private readonly db: Db,
    dataDir: string,
    readonly timeoutMs: number = CHAT.uploadTimeoutMs,
    files?: FileStore,
    readonly quotaBytes: number = USER_QUOTA_BYTES,
  ) {
    this.root = join(dataDir, 'uploads');
    this.files = files ?? new DiskFileStore(this.root);
  }

  /**
   * Removes temporary files abandoned by earlier runs. Nodes may share DATA_DIR, so only files
   * untouched for longer than an upload may take go: a younger one can be another node's upload.
   */
  async init() {
    await this.files.init();
    const tmp = join(this.root, 'tmp');
    await mkdir(tmp, { recursive: true });
    for (const name of await readdir(tmp)) {
      const path = join(tmp, name);
      // Another node may finish or remove the file meanwhile.
      const modified = (await stat(path).catch(() => undefined))?.mtimeMs;
      if (modified !== undefined && Date.now() - modified > this.timeoutMs)
        await rm(path, { recursive: true, force: true });
    }
  }

  /** The words the uploader sees when an upload runs out of time (SPEC §7). */
  timeoutMessage() {
    return `File upload timeout after ${this.timeoutMs}ms`;
  }

  private expiredError() {
    return new HttpError(410, `${this.timeoutMessage()}; start the upload again`, 'upload_expired');
  }

  /** Whether the user's stored files and every reservation of theirs fit the quota. */
  private async withinQuota(userId: number) {
    const [row] = await this.db
      .select({ total: sum(chatAttachments.size) })
      .from(chatAttachments)
      .where(eq(chatAttachments.uploaderId, userId));
    let held = 0;
    for (const r of this.reserved.values()) if (r.userId === userId) held += r.bytes;
    return Number(row?.total ?? 0) + held <= this.quotaBytes;
  }

  /** Holds `bytes` for the upload, or refuses (413) when the user's quota cannot take them. */
  private async reserve(key: string, userId: number, bytes: number) {
    const before = this.reserved.get(key);
    // Set before the quota is read, so an upload started meanwhile counts this one.
    this.reserved.set(key, { userId, bytes });
    if (await this.withinQuota(userId)) return;
    if (before) this.reserved.set(key, before);
    else this.reserved.delete(key);
    throw quotaUsedUp();
  }

  /** Runs `work` after everything queued for this upload before it. */
  private serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => {});
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  chunk(
    userId: number,
    chunk: FileChunk,
    onAbandon: (session: { roomId: number; fileName: string; attachmentIndex: number }) => void,
    socketId?: string,
  ) {
    const key = `${userId}:${chunk.id}`;
    return this.serial(key, () => this.takeChunk(key, userId, chunk, onAbandon, socketId));
  }

  private async takeChunk(
    key: string,
    userId: number,
    chunk: FileChunk,
    onAbandon: (session: { roomId: number; fileName: string; attachmentIndex: number }) => void,
    socketId: string | undefined,
  ) {
    const data = typeof chunk.data === 'string' ? Buffer.from(chunk.data, 'base64') : Buffer.from(chunk.data);
    if (data.length !== chunk.size) throw badRequest(`size: the chunk holds ${data.length} bytes, not ${chunk.size}`);
    if (data.length > CHAT.maxChunkSizeBytes) throw badRequest('size: a chunk is at most 512 KB');
    let session = this.sessions.get(key);
    if (!session) {
      if (chunk.index !== 0 && this.expired.has(key)) throw this.expiredError();
      if (chunk.index !== 0) throw badRequest('index: an upload starts at chunk 0');
      this.expired.delete(key);
      if ((chunk.totalSize ?? 0) > CHAT.maxFileSizeBytes) throw tooLarge();
      if (chunk.totalSize !== undefined && data.length > chunk.totalSize) throw largerThanDeclared();
      await this.reserve(key, userId, chunk.totalSize ?? data.length);
      const tempPath = join(this.root, 'tmp', randomUUID());
      const created: Session = {
        key,
        roomId: chunk.roomId,
        userId,
        socketId,
        fileName: safeFileName(chunk.fileName),
        attachmentIndex: chunk.attachmentIndex,
        totalChunks: chunk.totalChunks,
        totalSize: chunk.totalSize,
        nextIndex: 0,
        received: 0,
        hash: createHash('sha256'),
        file: await open(tempPath, 'w').catch((error: unknown) => {
          this.reserved.delete(key);
          throw error;
        }),
        tempPath,
        head: Buffer.alloc(0),
        // The partial file is gone before the uploader hears about it.
        timer: setTimeout(() => void this.expire(key).finally(() => onAbandon(created)), this.timeoutMs),
      };
      created.timer.unref();
      this.sessions.set(key, created);
      session = created;
    }
    if (chunk.roomId !== session.roomId || chunk.totalChunks !== session.totalChunks)
      throw badRequest('The chunk does not belong to this upload');
    if (chunk.index !== session.nextIndex)
      throw badRequest(`index: expected chunk ${session.nextIndex}, got ${chunk.index}`);
    if (chunk.offset !== session.received)
      throw badRequest(`offset: expected ${session.received}, got ${chunk.offset}`);
    const after = session.received + data.length;
    if (after > CHAT.maxFileSizeBytes) {
      await this.abort(key);
      throw tooLarge();
    }
    if (session.totalSize !== undefined && after > session.totalSize) {
      await this.abort(key);
      throw largerThanDeclared();
    }
    // A file sent without its size is held against the quota as it grows.
    if (after > (this.reserved.get(key)?.bytes ?? 0)) {
      try {
        await this.reserve(key, userId, after);
      } catch (error) {
        await this.abort(key);
        throw error;
      }
    }
    await session.file.write(data);
    session.hash.update(data);
    if (session.head.length < 512)
      session.head = Buffer.concat([session.head, data.subarray(0, 512 - session.head.length)]);
    session.received += data.length;
    session.nextIndex += 1;
    return {
      received: session.received,
      sentChunks: session.nextIndex,
      totalChunks: session.totalChunks,
      fileName: session.fileName,
      attachmentIndex: session.attachmentIndex,
    };
  }

  /** Finishes an upload: every chunk present, stored, recorded; returns the media entry. */
  complete(userId: number, id: string, totalChunks: number): Promise<Media & { sha256: string }> {
    const key = `${userId}:${id}`;
    return this.serial(key, () => this.finish(key, userId, totalChunks));
  }

  private async finish(key: string, userId: number, totalChunks: number): Promise<Media & { sha256: string }> {
    const session = this.sessions.get(key);
    if (!session && this.expired.has(key)) throw this.expiredError();
    if (!session) throw badRequest('No upload in progress with this id');
    if (session.nextIndex !== totalChunks || totalChunks !== session.totalChunks) {
      throw badRequest(`Upload incomplete: ${session.nextIndex} of ${session.totalChunks} chunks received`);
    }
    if (session.totalSize !== undefined && session.received !== session.totalSize)
      throw badRequest(`Upload incomplete: ${session.received} of ${session.totalSize} bytes received`);
    this.sessions.delete(key);
    clearTimeout(session.timer);
    try {
      return await this.store(session, userId);
    } finally {
      // The stored row counts against the quota from here on.
      this.reserved.delete(key);
    }
  }

  private async store(session: Session, userId: number): Promise<Media & { sha256: string }> {
    await session.file.close();
    const storageKey = randomUUID().replaceAll('-', '');
    const mimeType = sniffMimeType(session.head);
    try {
      await this.files.put(storageKey, session.tempPath, mimeType);
    } finally {
      // Gone already when the disk store renamed it; an S3 store copied it.
      await rm(session.tempPath, { force: true });
    }
    const sha256 = session.hash.digest('hex');
    try {
      const [row] = await this.db
        .insert(chatAttachments)
        .values({
          roomId: session.roomId,
          uploaderId: userId,
          fileName: session.fileName,
          mimeType,
          size: session.received,
          sha256,
          storageKey,
        })
        .returning();
      if (!row) throw new Error('attachment insert returned nothing');
      return { ...presentMedia(row), sha256 };
    } catch (error) {
      // Without its row nobody can reach the file or count it against the quota.
      await this.files.remove(storageKey).catch(() => {});
      throw error;
    }
  }

  async abort(key: string) {
    const session = this.sessions.get(key);
    if (!session) return;
    this.sessions.delete(key);
    this.reserved.delete(key);
    clearTimeout(session.timer);
    await session.file.close().catch(() => {});
    await rm(session.tempPath, { force: true });
  }

  private async expire(key: string) {
    this.expired.add(key);
    setTimeout(() => this.expired.delete(key), this.timeoutMs).unref();
    await this.abort(key);
  }

  abortUpload(userId: number, id: string) {
    return this.abort(`${userId}:${id}`);
  }

  /** Aborts the uploads a socket started that are still open (it dropped); the person's other tabs go on. */
  async abortSocket(socketId: string) {
    await Promise.all([...this.sessions.values()].filter((s) => s.socketId === socketId).map((s) => this.abort(s.key)));
  }

  /**
   * Removes finished uploads never sent with a message (the composer closed, the app gone) once
   * they are `olderThanMs` old: their files go, and so does their weight on the uploader's
   * quota. One statement takes the rows, so nodes sweeping at once never share one; a send
   * attaching one meanwhile either wins (the row is no longer unsent) or is refused as unknown.
   */
  async sweepUnsent(olderThanMs: number): Promise<number> {
    const gone = await this.db
      .delete(chatAttachments)
      .where(and(isNull(chatAttachments.messageId), lt(chatAttachments.createdAt, new Date(Date.now() - olderThanMs))))
      .returning({ storageKey: chatAttachments.storageKey });
    // Every file is tried; one the store refused (S3 down) is reported, not left unnamed.
    const failed: unknown[] = [];
    for (const { storageKey } of gone) await this.files.remove(storageKey).catch((error) => failed.push(error));
    if (failed.length)
      throw new AggregateError(failed, `${failed.length} of ${gone.length} unsent files were not removed`);
    return gone.length;
  }

  /** The stored bytes of a finished upload. */
  read(storageKey: string) {
    return this.files.read(storageKey);
  }
}

export type AttachmentRow = typeof chatAttachments.$inferSelect;

export const presentMedia = (row: AttachmentRow): Media => ({
  id: row.id,
  uuid: row.uuid,
  fileName: row.fileName,
  mimeType: row.mimeType,
  size: row.size,
  url: `/api/chat/attachments/${row.uuid}`,
});

/** Attaches uploads to a message: they must be the sender's, in this room, and unattached. */
export async function attachUploads(
  db: Db,
  userId: number,
  roomId: number,
  messageId: number,
  attachmentIds: string[],
) {
  if (attachmentIds.length === 0) return [];
  const rows = await db
    .update(chatAttachments)
    .set({ messageId })
    .where(
      and(
        inArray(chatAttachments.uuid, attachmentIds),
        eq(chatAttachments.uploaderId, userId),
        eq(chatAttachments.roomId, roomId),
        isNull(chatAttachments.messageId),
      ),
    )
    .returning();
  if (rows.length !== new Set(attachmentIds).size)
    throw badRequest('attachments: an attachment is unknown, someone else’s, or already sent');
  return rows;
}
