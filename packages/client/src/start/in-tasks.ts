/** The browser gets its turn before the next stage: each stage evaluates in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Loads the start-up's module groups one task each, in order. Otherwise a phone evaluates the
 * whole start-up graph in one go: one task of a few hundred milliseconds on a mid-range phone,
 * during which a tap waits (total blocking time). Every stage's chunks are fetched from the start
 * (the build preloads them from the page, `build/preload-stages.ts`): only evaluation waits.
 */
export async function inTasks<T extends unknown[]>(...stages: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const loaded: unknown[] = [];
  for (const stage of stages) {
    loaded.push(await stage());
    await nextTask();
  }
  return loaded as T;
}
