/**
 * The root `.env`, as `npm start` reads it, for the operator commands: loaded when it exists
 * (Node's --env-file-if-exists would print a line when it does not). Variables already set win.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryDir } from '../paths.ts';

export function loadDotEnv() {
  const file = join(repositoryDir, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
