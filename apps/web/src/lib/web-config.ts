import { type WebConfig, webConfigSchema } from '@fieldhouse/shared';

/** Runtime settings from the server (GET /api/config): one build serves any user pool. */
export async function loadWebConfig(): Promise<WebConfig> {
  const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Could not load settings (${res.status})`);
  return webConfigSchema.parse(await res.json());
}
