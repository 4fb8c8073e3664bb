// The API client's policy first: nothing may ask the server before it is set.
import './lib/api-client.ts';
import { inTasks } from '@fieldhouse/client/start/in-tasks.ts';
import { todayText } from './lib/today-text.ts';

// The start-up in stages, one task each, as the member app's (decision 032): a phone answers a
// tap between them, and no stage is one long task. The page fetches every stage's chunk at once
// (`preloadStages` in vite.config.ts); only evaluation waits its turn. The route tree is a stage
// of its own: its routes' search schemas are most of the start-up's zod work.
const [, , { startFrontEnd }, , , { App }] = await inTasks(
  () => import('react-dom/client'),
  () => import('@fieldhouse/client/web-config.ts'),
  () => import('@fieldhouse/client/start.tsx'),
  () => import('@fieldhouse/client/app-frame.tsx'),
  () => import('./routeTree.gen.ts'),
  () => import('./app/app.tsx'),
);
await startFrontEnd(<App />);

// The locale's date data while the splash is up, in a task of its own: a page's first date
// formatting loads it (about 45 ms on a mid-range phone), and Home's greeting formats today's
// date in the render that replaces the splash.
setTimeout(() => todayText(new Date()), 0);
