/**
 * For a page that draws its own splash (the admin app's index.html): its start-up scripts are
 * fetched at low priority, so on a slow connection the stylesheet the splash is painted with
 * arrives first instead of sharing the line with 160 KB of script, and the splash is on screen
 * before the app has loaded. The scripts still start at once and run as soon as they are in:
 * nothing renders before them but the splash (docs/benchmarks.md, Lighthouse).
 */
import type { Plugin } from 'vite';

/** The page with `fetchpriority="low"` on each module script it loads. */
export function lowerScriptPriority(html: string) {
  return html.replace(
    /<script type="module"(?![^>]*fetchpriority)([^>]*\ssrc=)/g,
    '<script type="module" fetchpriority="low"$1',
  );
}

export function splashFirst(): Plugin {
  return {
    name: 'fieldhouse:splash-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: lowerScriptPriority },
  };
}
