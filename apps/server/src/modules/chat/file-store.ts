/**
 * Where finished chat attachments live (decision 013): a folder under DATA_DIR by default, an
 * S3-compatible bucket when S3_BUCKET is set. Keys are random hex chosen by the upload store,
 * never a client's file name. Chunks are always gathered in a temporary file on the node that
 * owns the socket; the store takes the finished file whole.
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { DiskFileStore } from './disk-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

/** What the admin system status shows: the folder, or the bucket and its endpoint. */
export type FileStoreInfo = { kind: 'disk' | 's3'; location: string; endpoint: string | null };

export interface FileStore {
  readonly info: FileStoreInfo;
  /** Prepares the store at start-up and fails with a readable message when it cannot be used. */
  init(): Promise<void>;
  /** Takes the finished temporary file at `tempPath` under `key`; the caller removes what is left. */
  put(key: string, tempPath: string, contentType: string): Promise<void>;
  /** The stored bytes; rejects when the key is unknown. */
  read(key: string): Promise<Readable>;
  /** Removes the file; a key that is already gone is fine. */
  remove(key: string): Promise<void>;
  /** Releases connections when the app closes. */
  close(): void;
}

export async function createFileStore(config: Config): Promise<FileStore> {
  if (!config.S3_BUCKET) return new DiskFileStore(join(config.DATA_DIR, 'uploads'));
  return S3FileStore.open({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
