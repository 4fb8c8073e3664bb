// The API client's policy first: nothing may ask the server before it is set.
import './lib/api-client.ts';
import { inTasks } from '@fieldhouse/client/start/in-tasks.ts';

// The start-up in stages, one task each (a phone stays responsive between them); the page has
// fetched every stage's chunks already (`preloadStages` in vite.config.ts).
const [, , { startFrontEnd }, , { App }, { registerServiceWorker }] = await inTasks(
  () => import('react-dom/client'),
  () => import('@fieldhouse/client/web-config.ts'),
  () => import('@fieldhouse/client/start.tsx'),
  () => import('@fieldhouse/client/app-frame.tsx'),
  () => import('./app/app.tsx'),
  () => import('./lib/service-worker.ts'),
);
await startFrontEnd(<App />);
registerServiceWorker();
