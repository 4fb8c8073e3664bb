/**
 * For a page that draws its own splash (both apps' index.html): its start-up scripts and the
 * module preloads of its start-up stages are fetched at low priority, so on a slow connection the
 * stylesheet the splash waits for arrives first instead of sharing the line with 160 KB (admin)
 * or 174 KB (member) of brotli'd script, and the splash is on screen before the app has loaded.
 * The scripts still start at once and run as soon as they are in: nothing renders before them but
 * the splash; a chunk the app then imports itself (the first route's) goes ahead of the preloads
 * (docs/benchmarks.md, Lighthouse). Runs after `preloadStages`, whose links it lowers too.
 */
import type { Plugin } from 'vite';

/** The page with `fetchpriority="low"` on each module script and module preload it loads. */
export function lowerScriptPriority(html: string) {
  return html
    .replace(/<script type="module"(?![^>]*fetchpriority)([^>]*\ssrc=)/g, '<script type="module" fetchpriority="low"$1')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

export function splashFirst(): Plugin {
  return {
    name: 'fieldhouse:splash-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: lowerScriptPriority },
  };
}
