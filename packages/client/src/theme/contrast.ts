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

/** Each 8-bit channel value's linear light (WCAG 2.2, 1.4.3), computed once. */
const linear = Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const rgbLuminance = ([r, g, b]: Rgb) =>
  0.2126 * (linear[r] as number) + 0.7152 * (linear[g] as number) + 0.0722 * (linear[b] as number);

/** Relative luminance (WCAG 2.2, 1.4.3). */
export const luminance = (hex: string) => rgbLuminance(toRgb(hex));

const WHITE = rgbLuminance([255, 255, 255]);

const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

export const contrast = (a: string, b: string) => ratio(luminance(a), luminance(b));

/**
 * The colour, darkened in small steps (hue kept) until it reaches `target` against white. On
 * numbers, not hex strings: the theme runs it for every shade while the app starts.
 */
export function darkenForWhite(hex: string, target: number): string {
  let rgb = toRgb(hex);
  const rounded = () => rgb.map((v) => Math.round(v)) as Rgb;
  while (ratio(rgbLuminance(rounded()), WHITE) < target) rgb = rgb.map((v) => v * 0.97) as Rgb;
  return toHex(rgb);
}
