/**
 * The page fetches every start-up stage's scripts and styles at once. The entry loads its stages
 * one task each (`src/start/in-tasks.ts`) by dynamic import, which on its own would fetch each
 * stage only when the one before has run: a chain of round trips on a phone's network. This adds
 * a `modulepreload` link for every chunk the entry's dynamic imports need (fetched and compiled,
 * not run) and a stylesheet link for their CSS, so only evaluation waits for its turn.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * `landing`: modules of the screen most visits open first (e.g. the signed-in layout and Home, by
 * module id): their chunks come with the page too, fetched while the start-up runs, instead of
 * being added one link at a time when the router asks for them (each an appendChild and a request
 * issued from the main thread, in one task with the screen's first render). `landingIf`, a
 * JavaScript condition the page evaluates as it is parsed: only then are the landing screen's
 * scripts preloaded (its styles always are), so a visit that will not land there (a first visit
 * to the sign-in page) does not share its slow line with another screen's 50 KB.
 */
export function preloadStages({ landing = [], landingIf }: { landing?: RegExp[]; landingIf?: string } = {}): Plugin {
  let base = '/';
  return {
    name: 'fieldhouse:preload-stages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Record<string, Chunk> | undefined;
        const entry = ctx.chunk as Chunk | undefined;
        if (!bundle || !entry) return [];
        const walk = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const dep of bundle[name]?.imports ?? []) walk(dep, into);
        };
        // What the page loads already: the entry and its static imports.
        const present = new Set<string>();
        walk(entry.fileName, present);
        const stages = new Set<string>();
        for (const name of entry.dynamicImports) walk(name, stages);
        const landed = new Set<string>();
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => landing.some((test) => test.test(id))))
            walk(chunk.fileName, landed);
        const tags: HtmlTagDescriptor[] = [];
        const css = new Set<string>();
        const ifLanding: string[] = [];
        for (const name of new Set([...stages, ...landed])) {
          for (const file of bundle[name]?.viteMetadata?.importedCss ?? []) css.add(file);
          if (present.has(name)) continue;
          if (landingIf && !stages.has(name)) ifLanding.push(`${base}${name}`);
          else
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${name}` },
              injectTo: 'head',
            });
        }
        // Before the stylesheets: an inline script after one waits for it to arrive.
        if (landingIf && ifLanding.length > 0)
          tags.push({ tag: 'script', children: landingScript(landingIf, ifLanding), injectTo: 'head' });
        for (const file of css)
          tags.push({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          });
        return tags;
      },
    },
  };
}

/** The page's own script that preloads the landing screen's chunks when `condition` holds. */
export function landingScript(condition: string, hrefs: string[]) {
  return `if (${condition}) for (const href of ${JSON.stringify(hrefs)}) {
  const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', fetchPriority: 'low', href });
  link.nonce = document.currentScript.nonce;
  document.head.append(link);
}`;
}
