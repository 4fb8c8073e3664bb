/**
 * Work that goes in batches while it is busy (decisions 034, 036): the first item starts a batch
 * a microtask later (so what one loop hands in goes together); items arriving while a batch is
 * worked out wait and then go together as the next. Nothing waits on a timer, so a quiet server
 * does each item at once. Returns the function that hands an item in; `run`'s failures are the
 * caller's to handle (it must not throw).
 */
export function batchWhileBusy<T>(
  run: (batch: T[]) => Promise<void>,
  /** Lets shutdown wait for a batch in progress. */
  track: <R>(work: Promise<R>) => Promise<R> = (work) => work,
): (item: T) => void {
  let waiting: T[] = [];
  let working = false;
  async function work() {
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      await run(batch);
    }
    working = false;
  }
  return (item) => {
    waiting.push(item);
    if (working) return;
    working = true;
    void track(Promise.resolve().then(work));
  };
}
