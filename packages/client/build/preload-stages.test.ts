import { describe, expect, it } from 'vitest';
import { preloadStages } from './preload-stages.ts';

type Spec = { imports?: string[]; dynamicImports?: string[]; css?: string[]; modules?: string[] };

/** A bundle as Vite hands it to `transformIndexHtml`: chunk name → chunk. */
const bundleOf = (chunks: Record<string, Spec>) =>
  Object.fromEntries(
    Object.entries(chunks).map(([name, spec]) => [
      `assets/${name}.js`,
      {
        type: 'chunk' as const,
        fileName: `assets/${name}.js`,
        imports: (spec.imports ?? []).map((n) => `assets/${n}.js`),
        dynamicImports: (spec.dynamicImports ?? []).map((n) => `assets/${n}.js`),
        moduleIds: spec.modules ?? [`/app/src/${name}.ts`],
        viteMetadata: { importedCss: new Set((spec.css ?? []).map((n) => `assets/${n}.css`)) },
      },
    ]),
  );

function tagsFor(chunks: Record<string, Spec>, options?: Parameters<typeof preloadStages>[0]) {
  const plugin = preloadStages(options);
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/m/' });
  const bundle = bundleOf(chunks);
  const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: unknown) => unknown };
  const tags = hook.handler('', { bundle, chunk: bundle['assets/index.js'] }) as {
    tag: string;
    attrs?: Record<string, unknown>;
    children?: string;
  }[];
  return tags.map((t) => (t.tag === 'script' ? `script ${t.children}` : `${t.attrs?.rel} ${t.attrs?.href}`));
}

/** Runs the page's landing script as the browser would: the links it adds to the head. */
function runLandingScript(tag: string) {
  document.head.replaceChildren();
  const page = {
    createElement: document.createElement.bind(document),
    head: document.head,
    currentScript: { nonce: 'n0' },
  };
  new Function('document', tag.slice('script '.length))(page);
  return [...document.head.querySelectorAll('link')].map(
    (link) => `${link.rel} ${link.getAttribute('href')} ${link.nonce} ${link.getAttribute('as') ?? ''}`,
  );
}

const APP: Record<string, Spec> = {
  index: { imports: ['runtime'], dynamicImports: ['stage-1', 'stage-2'] },
  runtime: {},
  'stage-1': { imports: ['runtime', 'react'] },
  react: {},
  'stage-2': { imports: ['react', 'frame'], dynamicImports: ['home', 'profile'], css: ['frame'] },
  frame: {},
  home: { imports: ['list'], css: ['home'], modules: ['/app/src/routes/index.tsx?tsr-split=component'] },
  list: {},
  profile: { modules: ['/app/src/routes/profile.tsx?tsr-split=component'] },
};

describe('preloadStages', () => {
  it("preloads every chunk of the entry's stages once, not what the page loads already, with their styles", () => {
    expect(tagsFor(APP)).toEqual([
      'modulepreload /m/assets/stage-1.js',
      'modulepreload /m/assets/react.js',
      'modulepreload /m/assets/stage-2.js',
      'modulepreload /m/assets/frame.js',
      'stylesheet /m/assets/frame.css',
    ]);
  });

  it('preloads the landing screen and what it imports too, and no other screen', () => {
    const tags = tagsFor(APP, { landings: [{ modules: [/routes\/index\.tsx\?tsr-split=component$/] }] });
    expect(tags).toContain('modulepreload /m/assets/home.js');
    expect(tags).toContain('modulepreload /m/assets/list.js');
    expect(tags).toContain('stylesheet /m/assets/home.css');
    expect(tags.some((t) => t.includes('profile'))).toBe(false);
  });

  it("with `when`, the landing screen's scripts are preloaded only when the page finds the condition true", () => {
    const tags = tagsFor(APP, {
      landings: [
        { modules: [/routes\/index\.tsx\?tsr-split=component$/], when: "localStorage.getItem('session') === 'yes'" },
      ],
    });
    // The stages and their stylesheets as before; Home's two scripts and its style in the page's
    // own script.
    expect(tags.filter((t) => !t.startsWith('script'))).toEqual([
      'modulepreload /m/assets/stage-1.js',
      'modulepreload /m/assets/react.js',
      'modulepreload /m/assets/stage-2.js',
      'modulepreload /m/assets/frame.js',
      'stylesheet /m/assets/frame.css',
    ]);
    const script = tags.find((t) => t.startsWith('script')) ?? '';
    // Before the stylesheets: an inline script after one would wait for it.
    expect(tags.indexOf(script)).toBeLessThan(tags.indexOf('stylesheet /m/assets/frame.css'));
    localStorage.removeItem('session');
    expect(runLandingScript(script)).toEqual([]);
    localStorage.setItem('session', 'yes');
    // The style fetched, not applied: a stylesheet would hold the first paint back.
    expect(runLandingScript(script)).toEqual([
      'modulepreload /m/assets/home.js n0 ',
      'modulepreload /m/assets/list.js n0 ',
      'preload /m/assets/home.css n0 style',
    ]);
    localStorage.removeItem('session');
  });

  it("with `stages: false`, the entry's dynamic imports (its routes) are not preloaded, only the landing screen", () => {
    // The admin app: its entry imports every route lazily, and only Home is where a visit lands.
    const routes = { ...APP, index: { imports: ['runtime'], dynamicImports: ['home', 'profile'] } };
    const tags = tagsFor(routes, {
      stages: false,
      landings: [{ modules: [/routes\/index\.tsx\?tsr-split=component$/] }],
    });
    expect(tags).toEqual([
      'modulepreload /m/assets/home.js',
      'modulepreload /m/assets/list.js',
      'stylesheet /m/assets/home.css',
    ]);
  });

  it('two landings, each fetched on its own condition, neither repeating a stage', () => {
    const tags = tagsFor(APP, {
      landings: [
        { modules: [/routes\/index\.tsx\?tsr-split=component$/], when: "location.hash === '#home'" },
        { modules: [/routes\/profile\.tsx\?tsr-split=component$/], when: "location.hash === '#profile'" },
      ],
    });
    const [home = '', profile = ''] = tags.filter((t) => t.startsWith('script'));
    expect(home).toContain('/m/assets/home.js');
    expect(home).not.toContain('profile');
    expect(profile).toContain('/m/assets/profile.js');
    expect(profile).not.toContain('home');
    expect(tags.filter((t) => t.includes('stage-1'))).toEqual(['modulepreload /m/assets/stage-1.js']);
  });

  it("finds the stages when the entry's own code sits in a chunk the entry imports", () => {
    const split = { ...APP, index: { imports: ['runtime', 'main'] }, main: { dynamicImports: ['stage-1', 'stage-2'] } };
    expect(tagsFor(split)).toEqual(tagsFor(APP));
  });

  it('adds nothing for an entry without stages', () => {
    expect(tagsFor({ index: { imports: ['runtime'] }, runtime: {} })).toEqual([]);
  });
});
