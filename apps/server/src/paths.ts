/**
 * Where the server's files are. This module sits one folder below `apps/server` (in `src/`), as
 * the production bundle does (`dist/server.mjs`), so every path below holds in both: nothing else
 * derives a path from its own `import.meta.url`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: its package.json and migrations. */
export const serverDir = fileURLToPath(new URL('..', import.meta.url));
/** The checkout's root: the `.env` file and the `.cache` of Node binaries. */
export const repositoryDir = join(serverDir, '../..');
