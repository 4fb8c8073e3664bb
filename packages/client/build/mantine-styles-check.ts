/**
 * Fails the build when a Mantine component's class names are in the scripts but not in the
 * stylesheets. An app that imports Mantine's styles per component (a phone parses less than half
 * the whole sheet before it draws anything) would otherwise draw a newly used component unstyled,
 * silently; the error names the stylesheet to import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's CSS-module class names: `m_` and eight hex digits, stable across builds. */
const CLASS = /\bm_[0-9a-f]{8}\b/g;

const classesIn = (text: string) => new Set(text.match(CLASS) ?? []);

/** Which of Mantine's per-component stylesheets defines each class. */
function stylesheetsByClass(): Map<string, string> {
  const dir = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/global.css'));
  const owners = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))) {
    for (const name of classesIn(readFileSync(join(dir, file), 'utf8'))) if (!owners.has(name)) owners.set(name, file);
  }
  return owners;
}

/** The class names used by `scripts` that no stylesheet defines, with the file that would. */
export function unstyledClasses(scripts: string[], stylesheets: string[]): Map<string, string | undefined> {
  const styled = new Set(stylesheets.flatMap((css) => [...classesIn(css)]));
  const missing = [...new Set(scripts.flatMap((code) => [...classesIn(code)]))].filter((name) => !styled.has(name));
  const owners = missing.length > 0 ? stylesheetsByClass() : new Map<string, string>();
  return new Map(missing.map((name) => [name, owners.get(name)]));
}

export function mantineStylesCheck(): Plugin {
  return {
    name: 'fieldhouse:mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const missing = unstyledClasses(
        files.flatMap((file) => (file.type === 'chunk' ? [file.code] : [])),
        files.flatMap((file) => (file.type === 'asset' && file.fileName.endsWith('.css') ? [String(file.source)] : [])),
      );
      if (missing.size === 0) return;
      const sheets = [...new Set([...missing.values()].map((file) => file ?? '(no Mantine stylesheet)'))];
      this.error(
        `Mantine components are used without their styles (${[...missing.keys()].join(', ')}): import ${sheets
          .map((file) => `@mantine/core/styles/${file}`)
          .join(', ')}`,
      );
    },
  };
}
