import { createRequire } from 'node:module';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path, not by package name: Vite bundles a config's relative imports but hands a package's to
// Node, which cannot load TypeScript.
import { mantineStylesCheck } from '../../packages/client/build/mantine-styles-check.ts';
import { precompress } from '../../packages/client/build/precompress.ts';
import { preloadStages } from '../../packages/client/build/preload-stages.ts';
import { pureSharedConstants } from '../../packages/client/build/pure-constants.ts';
import { sonnerStylesheet } from '../../packages/client/build/sonner-styles.ts';
import { splashFirst } from '../../packages/client/build/splash-first.ts';
import { startUpGroups } from '../../packages/client/build/start-up-groups.ts';
import { SESSION_STORED_JS, signInVisitJs } from '../../packages/client/src/auth/stored-session.ts';

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
    // A signed-in visit to Home (a returning one, and SPEC §4's reload after sign-in) fetches the
    // shell's and Home's code while the splash is up, not after it: they are what it draws next.
    preloadStages({
      landings: [
        {
          modules: [
            /routes\/_app(\/index)?\.tsx\?tsr-split=(component|loader)$/,
            // What the auth provider starts Home's data with while the splash is up.
            /features\/home\/api\/home-loader\.ts$/,
          ],
          when: `location.pathname === '/' && ${SESSION_STORED_JS}`,
        },
        // The sign-in page, and a visit without a session.
        {
          modules: [/routes\/auth\/sign-in\.tsx\?tsr-split=component$/],
          when: signInVisitJs('/'),
        },
      ],
    }),
    precompress(),
    pureSharedConstants(),
    // After preloadStages: its links are fetched at low priority too.
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
    // The start-up's stages (`startUpGroups`; the route tree and the app are this app's last two),
    // then one chunk per first screen. Sign-in comes before the shell, so the shared form code is in
    // its chunk, which the shell imports, and the sign-in page never fetches the shell.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...startUpGroups,
            { name: 'routes', test: /web[\\/]src[\\/]routeTree\.gen\.ts/ },
            { name: 'app', test: /web[\\/]src[\\/]app[\\/]app\.tsx/ },
            { name: 'sign-in', test: /routes[\\/]auth[\\/]sign-in/ },
            { name: 'shell', test: /routes[\\/]_app\.tsx/ },
            { name: 'home', test: /routes[\\/]_app[\\/]index\.tsx/ },
          ],
        },
      },
    },
  },
});
