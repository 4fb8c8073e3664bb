/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once,
 * at the highest levels: the server sends them as they are (`@fastify/static` preCompressed), so
 * a visitor gets the smallest bytes and the server spends no CPU per request (decision 014).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses every eligible file under `dir`; returns how many files got copies. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  // The page is sent with a fresh CSP nonce each time, so the server compresses it per response.
  const page = join(dir, 'index.html');
  for await (const path of files(dir)) {
    if (path === page || !COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const source = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller would only cost a disk read.
    if (br.length < source.length) await writeFile(`${path}.br`, br);
    if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
    count += 1;
  }
  return count;
}

/** Vite plugin: precompresses the output folder after a production build. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fieldhouse:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
