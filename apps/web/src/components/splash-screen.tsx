import { useLayoutEffect } from 'react';

/**
 * The splash while the session loads (SPEC §2: at least 2000 ms). The page draws it itself
 * (index.html), before any script arrives; this keeps it on screen while mounted and hides it in
 * the same commit that draws the first screen behind it, so the animation never restarts.
 */
export function SplashScreen() {
  useLayoutEffect(() => {
    const splash = document.getElementById('splash');
    if (splash) splash.hidden = false;
    return () => {
      if (splash) splash.hidden = true;
    };
  }, []);
  return null;
}
