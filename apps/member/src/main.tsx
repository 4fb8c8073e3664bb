// The API client's policy first: nothing may ask the server before it is set.
import './lib/api-client.ts';
import { startFrontEnd } from '@fieldhouse/client/start.tsx';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';

await startFrontEnd(<App />);
registerServiceWorker();
