// The API client's policy first: nothing may ask the server before it is set.
import './lib/api-client.ts';
import { configureAmplify } from '@fieldhouse/client/amplify.ts';
import { shareCspNonce } from '@fieldhouse/client/csp.ts';
import { loadWebConfig } from '@fieldhouse/client/web-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';

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
registerServiceWorker();
