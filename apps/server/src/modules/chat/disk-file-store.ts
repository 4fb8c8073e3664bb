/** Attachments as files under DATA_DIR/uploads/<first two characters of the key>/<key>. */
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore, FileStoreInfo } from './file-store.ts';

export class DiskFileStore implements FileStore {
  readonly info: FileStoreInfo;

  constructor(readonly root: string) {
    this.info = { kind: 'disk', location: root, endpoint: null };
  }

  path(key: string) {
    return join(this.root, key.slice(0, 2), key);
  }

  async init() {
    await mkdir(this.root, { recursive: true });
  }

  async put(key: string, tempPath: string) {
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    // The temporary folder is inside the root, so this is a rename on one file system.
    await rename(tempPath, this.path(key));
  }

  async read(key: string): Promise<Readable> {
    // Opened here so a missing file rejects now rather than erroring the stream later.
    return (await open(this.path(key))).createReadStream();
  }

  async remove(key: string) {
    await rm(this.path(key), { force: true });
  }

  close() {}
}
