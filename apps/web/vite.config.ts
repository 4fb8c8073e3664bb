import { createRequire } from 'node:module';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path, not by package name: Vite bundles a config's relative imports but hands a package's to
// Node, which cannot load TypeScript.
import { mantineStylesCheck } from '../../packages/client/build/mantine-styles-check.ts';
import { precompress } from '../../packages/client/build/precompress.ts';
import { pureSharedConstants } from '../../packages/client/build/pure-constants.ts';
import { sonnerStylesheet } from '../../packages/client/build/sonner-styles.ts';
import { splashFirst } from '../../packages/client/build/splash-first.ts';

const apiTarget = process.env.FIELDHOUSE_API ?? 'http://localhost:3000';

export default defineConfig({
  // The router plugin must come before the React plugin.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders load with their route too, not with the first page: the sign-in page would
      // otherwise fetch every screen's query code (docs/benchmarks.md). Preloading on intent
      // fetches a route's chunks in parallel before the click.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent', 'notFoundComponent', 'pendingComponent']],
      },
    }),
    react(),
    sonnerStylesheet(),
    mantineStylesCheck(),
    precompress(),
    pureSharedConstants(),
    splashFirst(),
  ],
  // Every script, stylesheet and preload of the page carries this nonce; the server puts a fresh
  // one in its place for each response and names it in the Content-Security-Policy (decision 014).
  html: { cspNonce: '__CSP_NONCE__' },
  // zod, configured for that policy before any schema exists (@fieldhouse/client's zod.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: createRequire(import.meta.url).resolve('@fieldhouse/client/zod.ts') }],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    // Maps are written for error reporting but not linked from the bundles, and the server
    // never serves them (decision 014).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    // The .br copies are the sizes that matter; vite's gzip estimate would only slow the build.
    reportCompressedSize: false,
    // A lazy route's scripts are found by the browser from its imports, not listed up front: Vite's
    // helper appended a <link rel="modulepreload"> per dependency, about 80 for the signed-in shell
    // and Home in one task as the splash ended. Without them a phone's longest task there is a third
    // shorter and Home's LCP earlier (docs/benchmarks.md). Stylesheets are still loaded first.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    // Everything the entry imports statically in one chunk. Left to itself, Rolldown put a module
    // the start-up needs (Mantine's px()) in a chunk shared with the Select and Popover code of later
    // screens, so the sign-in page fetched 91 scripts, 264 KB; now 14, 183 KB (docs/benchmarks.md).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } } },
  },
});
