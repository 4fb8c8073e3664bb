/** Files for upload journeys, made on the fly: a real PNG of a given size, and a sparse giant. */

import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, type FileChooser, type Page } from '@playwright/test';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A square RGB PNG of noise (incompressible, so its size is about width² × 3 bytes). */
export function noisePng(width: number): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * width);
  let seed = 42;
  for (let i = 0; i < raw.length; i++) {
    if (i % (width * 3 + 1) === 0) continue; // filter byte 0
    seed = (seed * 1103515245 + 12345) >>> 0;
    raw[i] = seed >>> 24;
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const path = join(tmpdir(), `fieldhouse-e2e-team-photo-${width}.png`);
  writeFileSync(path, png);
  return path;
}

/** A file of `bytes` zeros that takes no disk space (sparse). */
export function sparseFile(name: string, bytes: number): string {
  const path = join(tmpdir(), name);
  const fd = openSync(path, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return path;
}

/**
 * The file choosers a page opens from now on, taken in turn. Playwright asks Chromium to hand
 * choosers over when the first listener arrives and does not wait for the answer, so a
 * `waitForEvent('filechooser')` started just before a key press could miss the chooser the press
 * opened (it did in most runs of the keyboard journey once the page loaded faster): listen early.
 */
export function fileChoosers(page: Page) {
  const opened: FileChooser[] = [];
  page.on('filechooser', (chooser) => opened.push(chooser));
  return {
    next: async () => {
      await expect.poll(() => opened.length, { message: 'a file chooser opens' }).toBeGreaterThan(0);
      return opened.shift() as FileChooser;
    },
  };
}
