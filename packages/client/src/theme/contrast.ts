/**
 * WCAG contrast arithmetic for the theme (issue 17). Mantine's default palettes put white text on
 * shades that read at 2.4–3.8:1 (a green badge, a red unread count); the theme darkens exactly
 * those shades until white text on them, and they as text on white, meet AA.
 */

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
};

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.2, 1.4.3). */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour, darkened in small steps (hue kept) until it reaches `ratio` against white. */
export function darkenForWhite(hex: string, ratio: number): string {
  let rgb = toRgb(hex);
  while (contrast(toHex(rgb), '#ffffff') < ratio) rgb = rgb.map((v) => v * 0.97) as Rgb;
  return toHex(rgb);
}
