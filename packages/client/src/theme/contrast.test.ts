import { describe, expect, it } from 'vitest';
import { contrast, darkenForWhite } from './contrast.ts';
import { theme } from './theme.ts';

describe('theme contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('leaves a passing colour alone and darkens a failing one just enough', () => {
    expect(darkenForWhite('#134daf', 4.9)).toBe('#134daf');
    const red = darkenForWhite('#f03e3e', 4.9);
    expect(contrast(red, '#ffffff')).toBeGreaterThanOrEqual(4.9);
    expect(contrast(red, '#ffffff')).toBeLessThan(5.4);
  });

  it('gives white text AA on every filled shade of every palette, light and dark', () => {
    for (const [name, shades] of Object.entries(theme.colors ?? {})) {
      if (name === 'dark' || name === 'gray' || !shades) continue;
      for (const i of [5, 6, 7, 8, 9]) {
        expect(contrast(shades[i] as string, '#ffffff'), `${name}.${i}`).toBeGreaterThanOrEqual(4.5);
      }
      // The light variant's text (shade 9) on its tinted background (shade 1).
      expect(contrast(shades[9] as string, shades[1] as string), `${name} light`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
