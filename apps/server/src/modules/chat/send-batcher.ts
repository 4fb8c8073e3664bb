/**
 * Group commit for chat sends (issue 20, decision 034): while statements are in flight, the sends
 * that arrive wait and then go together, as one statement and one commit. Nothing waits on a
 * timer, so a quiet node's message goes at once; under load, one statement does the work of many
 * (one plan, one trigger run, one WAL flush) and sends do not compete for the pool and the cores.
 * Each send resolves only after its own commit. A room is in one statement at a time, so its
 * messages are stored in the order they reached this node and statements never wait on each
 * other's room locks; a room whose lock someone holds long delays its own sends, not every room's.
 */
import type { Db } from '../../db/client.ts';
import { type StoreInput, type StoreOutcome, storeMessages } from './store-messages.ts';

/**
 * Statements in flight at once, each on rooms the others are not storing into. One gave the
 * lowest tail on two cores but lets a room whose lock someone holds stall every send of the node;
 * four gave a longer tail (decision 034).
 */
export const SEND_STATEMENTS_IN_FLIGHT = 2;
/** The most sends one statement stores (its JSON stays small, its locks short). */
export const SEND_BATCH_MAX = 64;

type Waiting = {
  input: StoreInput;
  seq: number;
  resolve: (outcome: StoreOutcome) => void;
  reject: (error: unknown) => void;
};

export type SendBatcher = {
  store: (input: StoreInput) => Promise<StoreOutcome>;
  /**
   * Statements run so far, the sends they carried (a retried send counts again) and the most one
   * statement carried, for benches and tests.
   */
  stats: () => { statements: number; sends: number; largest: number };
};

export function createSendBatcher(db: Db, inFlightMax = SEND_STATEMENTS_IN_FLIGHT): SendBatcher {
  /**
   * Waiting sends by room, each in arrival order. A room enters the map with its first waiting
   * send and leaves it when none is left, so the map's order is about the rooms' oldest sends,
   * and picking a batch looks at rooms, not at every send of a long backlog.
   */
  const waiting = new Map<number, Waiting[]>();
  /** Rooms some statement in flight is storing into. */
  const busy = new Set<number>();
  let arrived = 0;
  let inFlight = 0;
  let statements = 0;
  let sends = 0;
  let largest = 0;

  async function run(batch: Waiting[]) {
    statements++;
    sends += batch.length;
    largest = Math.max(largest, batch.length);
    try {
      const outcomes = await storeMessages(
        db,
        batch.map((w) => w.input),
      );
      for (const [i, w] of batch.entries()) w.resolve(outcomes[i] as StoreOutcome);
    } catch (error) {
      // One send's fault must not fail the others it travelled with: each goes again alone.
      if (batch.length === 1) batch[0]?.reject(error);
      // In turn, so each room's sends keep their order.
      else for (const w of batch) await run([w]);
    }
  }

  /** Up to a batch of waiting sends, from rooms no statement holds; ids then follow arrival. */
  function take() {
    const batch: Waiting[] = [];
    for (const [room, sends] of waiting) {
      if (busy.has(room)) continue;
      batch.push(...sends.splice(0, SEND_BATCH_MAX - batch.length));
      if (sends.length === 0) waiting.delete(room);
      if (batch.length === SEND_BATCH_MAX) break;
    }
    return batch.sort((a, b) => a.seq - b.seq);
  }

  function pump() {
    while (inFlight < inFlightMax && waiting.size > 0) {
      const batch = take();
      if (batch.length === 0) return;
      const rooms = new Set(batch.map((w) => w.input.roomId));
      for (const room of rooms) busy.add(room);
      inFlight++;
      void run(batch).finally(() => {
        for (const room of rooms) busy.delete(room);
        inFlight--;
        pump();
      });
    }
  }

  return {
    store: (input) =>
      new Promise<StoreOutcome>((resolve, reject) => {
        const room = waiting.get(input.roomId);
        const send = { input, seq: arrived++, resolve, reject };
        if (room) room.push(send);
        else waiting.set(input.roomId, [send]);
        pump();
      }),
    stats: () => ({ statements, sends, largest }),
  };
}

const batchers = new WeakMap<Db, SendBatcher>();

/** The database's one batcher (made on first use); never for a transaction's handle. */
export function sendBatcher(db: Db): SendBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createSendBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
