import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/** The deferred parts waiting their turn: one is drawn at a time, each in a task of its own. */
let turns: Promise<void> = Promise.resolve();
/** A turn that has not committed by then (a suspended part, say) does not hold the others up. */
const LONGEST_TURN_MS = 200;

/**
 * Draws `children` just after the screen around it, in a transition: React renders them in slices
 * the browser can paint and answer input between, instead of adding them to the one synchronous
 * render that a route's arrival is (the router's store updates cannot be transitions). Deferred
 * parts take turns, so their commits (layout effects, the browser's layout) are not one long task
 * either. For what is below the fold or hidden on a phone; `fallback` holds its place meanwhile
 * (issue 20, docs/benchmarks.md).
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  const endTurn = useRef<(() => void) | null>(null);
  useEffect(() => {
    let mounted = true;
    turns = turns.then(
      () =>
        new Promise<void>((resolve) => {
          if (!mounted) return resolve();
          endTurn.current = resolve;
          setTimeout(resolve, LONGEST_TURN_MS);
          startTransition(() => setReady(true));
        }),
    );
    return () => {
      mounted = false;
      endTurn.current?.();
    };
  }, []);
  useEffect(() => {
    if (!ready) return;
    // The next part after the browser has had a chance to paint this one.
    const next = endTurn.current;
    endTurn.current = null;
    if (next) setTimeout(next, 0);
  }, [ready]);
  return ready ? children : fallback;
}
