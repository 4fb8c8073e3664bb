import { createRequire } from 'node:module';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path, not by package name: Vite bundles a config's relative imports but hands a package's to
// Node, which cannot load TypeScript.
import { assetManifest } from '../../packages/client/build/asset-manifest.ts';
import { mantineStylesCheck } from '../../packages/client/build/mantine-styles-check.ts';
import { precompress } from '../../packages/client/build/precompress.ts';
import { preloadStages } from '../../packages/client/build/preload-stages.ts';
import { pureSharedConstants } from '../../packages/client/build/pure-constants.ts';
import { sonnerStylesheet } from '../../packages/client/build/sonner-styles.ts';
import { splashFirst } from '../../packages/client/build/splash-first.ts';
import { startUpGroups } from '../../packages/client/build/start-up-groups.ts';
import { SESSION_STORED_JS, signInVisitJs } from '../../packages/client/src/auth/stored-session.ts';

const apiTarget = process.env.FIELDHOUSE_API ?? 'http://localhost:3000';

/** The member app lives under /m/ on the same origin as the admin app (decision 021). */
export default defineConfig({
  base: '/m/',
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    sonnerStylesheet(),
    mantineStylesCheck(),
    // Signed-in visits land on Home, inside the member layout; signed-out ones on the sign-in page.
    // Each fetches its own screen only (decision 039).
    preloadStages({
      landings: [
        {
          modules: [/routes\/_member(\/index)?\.tsx\?tsr-split=component$/],
          when: `!location.pathname.startsWith('/m/auth/') && ${SESSION_STORED_JS}`,
        },
        // The sign-in page, and a visit without a session.
        {
          modules: [/routes\/auth\/sign-in\.tsx\?tsr-split=component$/],
          when: signInVisitJs('/m/'),
        },
      ],
    }),
    assetManifest(),
    precompress(),
    pureSharedConstants(),
    // After preloadStages: its links are fetched at low priority too.
    splashFirst(),
  ],
  // The server puts a fresh nonce in place of this one for each response (decision 014).
  html: { cspNonce: '__CSP_NONCE__' },
  resolve: {
    alias: [{ find: /^zod$/, replacement: createRequire(import.meta.url).resolve('@fieldhouse/client/zod.ts') }],
  },
  server: {
    port: 5174,
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    reportCompressedSize: false,
    // The start-up's stages (`startUpGroups`), then one chunk per first screen. Sign-in comes before
    // the member layout, so the sign-in page never fetches the layout.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...startUpGroups,
            { name: 'app', test: /member[\\/]src[\\/]app[\\/]app\.tsx/ },
            { name: 'service-worker', test: /member[\\/]src[\\/]lib[\\/]service-worker\.ts/ },
            { name: 'sign-in', test: /routes[\\/]auth[\\/]sign-in\.tsx/ },
            { name: 'layout', test: /routes[\\/]_member\.tsx/ },
            { name: 'home', test: /routes[\\/]_member[\\/]index\.tsx/ },
          ],
        },
      },
    },
  },
});
