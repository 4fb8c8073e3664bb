import { useLayoutEffect } from 'react';

/**
 * The splash while the session loads. Each app's page draws it itself (its index.html, `#splash`),
 * with the first paint, before any script has arrived; this keeps it on screen while mounted and
 * hides it in the same commit that draws the first screen behind it, so its animation never
 * restarts. The admin app holds it at least 2000 ms (SPEC §2).
 */
export function PageSplash() {
  useLayoutEffect(() => {
    const splash = document.getElementById('splash');
    if (splash) splash.hidden = false;
    return () => {
      if (splash) splash.hidden = true;
    };
  }, []);
  return null;
}
