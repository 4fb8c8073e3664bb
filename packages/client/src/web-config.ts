import { type WebConfig, webConfigSchema } from '@fieldhouse/shared';

let loaded: WebConfig | undefined;

/** Runtime settings from the server (GET /api/config): one build serves any user pool. */
export async function loadWebConfig(): Promise<WebConfig> {
  const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Could not load settings (${res.status})`);
  loaded = webConfigSchema.parse(await res.json());
  return loaded;
}

/** The settings loaded at start-up (undefined in unit tests that never load them). */
export const webConfig = () => loaded;
