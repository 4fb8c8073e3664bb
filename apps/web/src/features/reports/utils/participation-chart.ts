/**
 * The participation chart's rows: "All levels" first (from the per-gender totals), then each
 * level in the usual order; a bar per team gender with its unduplicated athletes, 0 where a
 * level has no team of that gender, so boys stand beside girls at every level.
 */
import { labelOf, type ParticipationTotals, TEAM_GENDER_LABELS, TEAM_LEVEL_LABELS } from '@fieldhouse/shared';

export const ALL_LEVELS = 'All levels';

export function genderByLevelRows(totals: ParticipationTotals) {
  const genders = Object.keys(TEAM_GENDER_LABELS).filter((g) => totals.byGender.some((r) => r.gender === g));
  const known = Object.keys(TEAM_LEVEL_LABELS);
  const levels = totals.byLevel
    .map((l) => l.level)
    .sort((a, b) => (known.indexOf(a) + 1 || 99) - (known.indexOf(b) + 1 || 99));
  const row = (label: string, athletesOf: (gender: string) => number) =>
    Object.fromEntries([['level', label], ...genders.map((g) => [g, athletesOf(g)])]) as Record<
      string,
      string | number
    >;
  const rows = [
    row(ALL_LEVELS, (g) => totals.byGender.find((r) => r.gender === g)?.athletes ?? 0),
    ...levels.map((level) =>
      row(
        labelOf(TEAM_LEVEL_LABELS, level),
        (g) => totals.byGenderLevel.find((r) => r.gender === g && r.level === level)?.athletes ?? 0,
      ),
    ),
  ];
  return { rows, genders };
}

/**
 * The sport chart's title. "In all" is the unduplicated total: summing the bars would count an
 * athlete who plays two sports (or two seasons) twice.
 */
export const sportChartTitle = (totals: ParticipationTotals) =>
  `Athletes by sport, coloured by season (${totals.total.athletes.toLocaleString()} in all, each once; a bar counts an athlete once per sport and season)`;
