import { readFileSync } from 'node:fs';

/** The app version from the root package.json, shown in /health and /api/config. */
export const version: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
