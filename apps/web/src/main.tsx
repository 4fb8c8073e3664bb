import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { configureAmplify } from './lib/amplify.ts';
import { shareCspNonce } from './lib/csp.ts';
import { loadWebConfig } from './lib/web-config.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Amplify needs the pool settings before anything asks about the session.
const config = await loadWebConfig();
configureAmplify(config);

shareCspNonce();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
