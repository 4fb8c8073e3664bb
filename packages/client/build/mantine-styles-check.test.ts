import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { unstyledClasses } from './mantine-styles-check.ts';

const sheet = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`@mantine/core/styles/${name}`), 'utf8');
/** A built chunk's class map, as Mantine's CSS modules leave it in the scripts. */
const classMapOf = (css: string) =>
  `var classes={${(css.match(/\bm_[0-9a-f]{8}\b/g) ?? []).map((c, i) => `k${i}:"${c}"`).join(',')}};`;

describe('unstyledClasses: Mantine components drawn without their stylesheet', () => {
  it('finds none when every component used has its sheet', () => {
    const button = sheet('Button.css');
    expect(unstyledClasses([classMapOf(button)], [sheet('UnstyledButton.css'), button]).size).toBe(0);
  });

  it('names the stylesheet that defines a missing component', () => {
    const missing = unstyledClasses(
      [classMapOf(sheet('Modal.css')), classMapOf(sheet('Button.css'))],
      [sheet('Button.css')],
    );
    expect(missing.size).toBeGreaterThan(0);
    expect(new Set(missing.values())).toEqual(new Set(['Modal.css']));
  });

  it('ignores text that merely looks like a class in neither', () => {
    expect(unstyledClasses(['const id = "m_1234"; // m_zzzzzzzz'], []).size).toBe(0);
  });
});
