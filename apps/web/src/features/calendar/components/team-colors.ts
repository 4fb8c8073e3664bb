/**
 * A stable colour per team, so a team's events look the same every week. Every colour carries
 * white text at 4.5:1 or better (WCAG AA); the palette test checks that.
 */
// Ten hues far enough apart to tell teams apart at a glance.
export const TEAM_PALETTE = [
  '#1864ab',
  '#c92a2a',
  '#2f7a4f',
  '#862e9c',
  '#a05a00',
  '#0b7285',
  '#5f3dc4',
  '#c2255c',
  '#4d6b00',
  '#364fc7',
] as const;

/** Events of no team (the whole school's). */
export const SCHOOL_COLOR = '#495057';

export const teamColor = (teamId: number | null | undefined) =>
  teamId == null ? SCHOOL_COLOR : (TEAM_PALETTE[teamId % TEAM_PALETTE.length] as string);

/** WCAG contrast ratio of a `#rrggbb` colour against white. */
export function contrastWithWhite(hex: string) {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}
