import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { pureSharedConstants } from './pure-constants.ts';

const CALENDAR = resolve(import.meta.dirname, '../../shared/src/calendar.ts');

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles a screen that reads one schema of the shared calendar module; returns the code. */
async function bundle(plugins: Plugin[]) {
  dir = mkdtempSync(join(tmpdir(), 'pure-constants-'));
  const entry = join(dir, 'entry.ts');
  writeFileSync(
    entry,
    `import { eventTypeSchema } from ${JSON.stringify(CALENDAR)};\n` +
      `export const accepts = (value: string) => eventTypeSchema.safeParse(value).success;\n`,
  );
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'entry' } },
  })) as Rolldown.RolldownOutput[];
  const [chunk] = output[0]?.output ?? [];
  if (!chunk) throw new Error('the build wrote nothing');
  return chunk.code;
}

describe('pureSharedConstants', () => {
  it('drops the shared schemas nothing reads and builds the ones read exactly as before', async () => {
    // Without the plugin the bundler keeps every schema the module builds (the control).
    const plain = await bundle([]);
    expect(plain).toContain('opponent is required for a game');

    const code = await bundle([pureSharedConstants()]);
    expect(code).not.toContain('opponent is required for a game');
    expect(code).not.toContain('title is required');
    expect(code.length).toBeLessThan(plain.length);

    const { accepts } = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      accepts: (value: string) => boolean;
    };
    expect(accepts('GAME')).toBe(true);
    expect(accepts('BRUNCH')).toBe(false);
  }, 60_000);
});
