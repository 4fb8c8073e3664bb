/**
 * Writes `asset-manifest.json` beside the page: every hashed file the build made (scripts, styles,
 * images), as URLs. A service worker caches them from this list in its own thread, so an app is
 * ready offline without the page loading every screen's code itself (which a phone feels as
 * seconds of a busy main thread at start-up).
 */
import type { Plugin } from 'vite';

export const ASSET_MANIFEST = 'asset-manifest.json';

export function assetManifest(): Plugin {
  let base = '/';
  return {
    name: 'fieldhouse:asset-manifest',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const urls = Object.values(bundle)
        .map((file) => file.fileName)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
        .sort()
        .map((name) => `${base}${name}`);
      this.emitFile({ type: 'asset', fileName: ASSET_MANIFEST, source: `${JSON.stringify(urls)}\n` });
    },
  };
}
