/**
 * The ids of the messages this session has already taken in, live or from a catch-up, so a
 * second copy (a resend the server delivers again, a live copy of what a catch-up just read)
 * changes nothing: no second unread, toast or read receipt. Only the newest few are kept: a copy
 * comes again within seconds, not after hundreds of other messages.
 */
export const HEARD_KEPT = 1_000;

export class HeardMessages {
  readonly #ids = new Set<number>();

  constructor(readonly kept = HEARD_KEPT) {}

  /** True the first time an id is heard; false for every copy after. */
  first(id: number): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    // A Set iterates in insertion order: the first id is the oldest.
    if (this.#ids.size > this.kept) this.#ids.delete(this.#ids.values().next().value as number);
    return true;
  }
}
