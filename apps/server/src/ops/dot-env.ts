/**
 * The root `.env`, as `npm start` reads it, for the operator commands: loaded when it exists
 * (Node's --env-file-if-exists would print a line when it does not). Variables already set win.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function loadDotEnv() {
  const file = fileURLToPath(new URL('../../../../.env', import.meta.url));
  if (existsSync(file)) process.loadEnvFile(file);
}
