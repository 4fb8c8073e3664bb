/**
 * What `import … from 'zod'` means in a front end's build (each app's vite.config.ts aliases
 * `zod` here, see the README): zod itself,
 * set to build interpreted parsers before any module can build a schema. zod otherwise compiles
 * object parsers with `new Function` when it may, and merely probing for that is a violation of
 * the page's Content-Security-Policy (decision 014). Interpreted parsers are fast enough for a
 * browser's inputs; the server keeps the compiled ones.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
