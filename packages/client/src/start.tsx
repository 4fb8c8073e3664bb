/**
 * What every front end does before its first render: find the page's root, read the server's
 * settings (GET /api/config), point Amplify at the pool before anything asks about the session,
 * share the CSP nonce, and render the app. The app's entry imports its API-client policy first.
 */
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureAmplify } from './amplify.ts';
import { shareCspNonce } from './csp.ts';
import { loadWebConfig } from './web-config.ts';

export async function startFrontEnd(app: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  configureAmplify(await loadWebConfig());
  shareCspNonce();
  // A transition renders in slices the browser can answer input between (no one long task).
  startTransition(() => createRoot(root).render(<StrictMode>{app}</StrictMode>));
}
