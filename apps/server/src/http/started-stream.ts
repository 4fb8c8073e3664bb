/**
 * A download built by an async generator (CSV and PDF exports) starts only once the generator has
 * made its first chunks: the header and the first page of rows. A query the request's values broke
 * then fails as an ordinary error answer (400, 403…) instead of a download cut off mid-way after
 * a 200 was sent.
 */
import { Readable } from 'node:stream';

export async function startedStream<Chunk extends string | Uint8Array>(
  source: AsyncIterable<Chunk>,
  chunks = 2,
): Promise<Readable> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Chunk[] = [];
  let done = false;
  while (head.length < chunks) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
  }
  return Readable.from(
    (async function* () {
      yield* head;
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
}
