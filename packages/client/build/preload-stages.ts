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
  /** The module a chunk stands for; a chunk that only re-exports it from another has no modules. */
  facadeModuleId?: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** A screen visits may land on: its route modules (by id), and when the page should fetch it. */
export type Landing = {
  modules: RegExp[];
  /**
   * A JavaScript condition the page evaluates as it is parsed (where it is, whether a session is
   * stored): only then are the screen's scripts and styles fetched, so a visit that will land
   * elsewhere does not share its slow line with another screen's 50 KB. Without it, always.
   */
  when?: string;
};

/**
 * `landings`: the screens visits open first (the signed-in layout and Home; the sign-in page):
 * their chunks come with the page too, fetched while the start-up runs, instead of being added one
 * link at a time when the router asks for them (each an appendChild and a request issued from the
 * main thread, in one task with the screen's first render, after the start-up's round trips).
 */
export function preloadStages({
  stages: withStages = true,
  landings = [],
}: {
  /** false: the entry's dynamic imports are its routes (the admin app), not start-up stages. */
  stages?: boolean;
  landings?: Landing[];
} = {}): Plugin {
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
        // The entry's own code may sit in a chunk the entry only imports (a code-splitting group's).
        if (withStages)
          for (const name of present) for (const stage of bundle[name]?.dynamicImports ?? []) walk(stage, stages);
        const stylesOf = (name: string) => bundle[name]?.viteMetadata?.importedCss ?? [];
        const tags: HtmlTagDescriptor[] = [];
        const css = new Set<string>();
        const preloaded = new Set<string>();
        const preload = (name: string) => {
          if (preloaded.has(name)) return;
          preloaded.add(name);
          for (const file of stylesOf(name)) css.add(file);
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${name}` },
            injectTo: 'head',
          });
        };
        // The page links what it loads already itself, styles included.
        for (const name of stages) if (!present.has(name)) preload(name);
        for (const { modules, when } of landings) {
          const landed = new Set<string>();
          for (const chunk of Object.values(bundle))
            if (
              chunk.type === 'chunk' &&
              [...chunk.moduleIds, chunk.facadeModuleId ?? ''].some((id) => modules.some((test) => test.test(id)))
            )
              walk(chunk.fileName, landed);
          const own = [...landed].filter((name) => !present.has(name) && !stages.has(name));
          if (!when) {
            for (const name of own) preload(name);
            continue;
          }
          const styles = new Set(own.flatMap((name) => [...stylesOf(name)]));
          // A stage's style is the stages' too: linked, not only fetched.
          for (const name of stages) for (const file of stylesOf(name)) styles.delete(file);
          // First in the head, before every stylesheet (Vite's own too): an inline script after one
          // waits for it to arrive.
          if (own.length > 0)
            tags.push({
              tag: 'script',
              children: landingScript(
                when,
                own.map((name) => `${base}${name}`),
                [...styles].map((file) => `${base}${file}`),
              ),
              injectTo: 'head-prepend',
            });
        }
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

/**
 * The page's own script that preloads the landing screen's chunks when `condition` holds, and
 * fetches their styles without applying them: a stylesheet in the head would hold the splash's
 * first paint back, and Vite's loader, which links them when the screen loads, then waits for a
 * stylesheet of its own (from the cache) only if the page has none of that name.
 */
export function landingScript(condition: string, scripts: string[], styles: string[] = []) {
  const links = [
    ...scripts.map((href) => ({ rel: 'modulepreload', href })),
    ...styles.map((href) => ({ rel: 'preload', as: 'style', href })),
  ];
  return `if (${condition}) for (const attrs of ${JSON.stringify(links)}) {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries({ crossorigin: '', fetchpriority: 'low', ...attrs })) link.setAttribute(name, value);
  link.nonce = document.currentScript.nonce;
  document.head.append(link);
}`;
}
