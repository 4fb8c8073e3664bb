/**
 * Teams and participation of one school year (the current one unless asked) by sport and season: each team with its athlete and coach counts
 * (paged), a summary per sport and season counting distinct athletes (an athlete on two teams
 * of one sport and season counts once), and the Title IX / state-association totals by team
 * gender and level. Archived teams are included: past seasons are the history this report is for.
 */
import {
  labelOf,
  type ParticipationCounts,
  type ParticipationReportQuery,
  type ParticipationSummaryRow,
  type ParticipationTeamRow,
  type ParticipationTotals,
  SEASON_LABELS,
  TEAM_GENDER_LABELS,
  TEAM_LEVEL_LABELS,
  TEAM_STATUS_LABELS,
} from '@fieldhouse/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Paging, pageSql, type ReportContext, schoolYearIn, toCsv } from './common.ts';

/** One school year at a time: a Title IX form is per year, and pooled years count an athlete twice. */
export const participationSchoolYear = (ctx: ReportContext, query: ParticipationReportQuery) =>
  query.schoolYear ?? schoolYearIn(ctx.timezone);

const filtersOf = (ctx: ReportContext, query: ParticipationReportQuery) => {
  const filters: SQL[] = [
    sql`t.organization_id = ${ctx.organizationId}`,
    sql`t.school_year = ${participationSchoolYear(ctx, query)}`,
  ];
  if (query.teamId) filters.push(sql`t.id = ${query.teamId}`);
  if (query.sportId) filters.push(sql`t.sport_id = ${query.sportId}`);
  if (query.season) filters.push(sql`t.season = ${query.season}`);
  return sql.join(filters, sql` and `);
};

type TeamRow = {
  team_id: number;
  team_name: string;
  sport: string;
  season: string;
  school_year: string;
  level: string;
  gender: string;
  status: string;
  athletes: number;
  coaches: number;
  total: number;
};

export async function participationTeams(
  ctx: ReportContext,
  query: ParticipationReportQuery,
  paging: Paging,
): Promise<{ result: ParticipationTeamRow[]; totalCount: number }> {
  const { rows } = await ctx.db.execute<TeamRow>(sql`
    select t.id as team_id, t.name as team_name, s.name as sport, t.season, t.school_year, t.level, t.gender, t.status,
           (select count(*) from team_members tm join users u on u.id = tm.user_id
             where tm.team_id = t.id and u.status <> 'DELETED')::int as athletes,
           (select count(*) from team_coaches tc join coaches c on c.id = tc.coach_id join users u on u.id = c.user_id
             where tc.team_id = t.id and u.status <> 'DELETED')::int as coaches,
           count(*) over ()::int as total
    from teams t join sports s on s.id = t.sport_id
    where ${filtersOf(ctx, query)}
    order by s.name, t.season, t.school_year desc, t.name, t.id
    ${pageSql(paging)}`);
  if (!rows[0] && paging && paging.page > 1) {
    return { result: [], totalCount: (await participationTeams(ctx, query, { page: 1, limit: 1 })).totalCount };
  }
  return {
    result: rows.map((r) => ({
      teamId: r.team_id,
      teamName: r.team_name,
      sport: r.sport,
      season: r.season,
      schoolYear: r.school_year,
      level: r.level,
      gender: r.gender,
      status: r.status,
      athletes: r.athletes,
      coaches: r.coaches,
    })),
    totalCount: rows[0]?.total ?? 0,
  };
}

export async function participationSummary(
  ctx: ReportContext,
  query: ParticipationReportQuery,
): Promise<ParticipationSummaryRow[]> {
  const { rows } = await ctx.db.execute<ParticipationSummaryRow>(sql`
    select s.name as sport, t.season::text as season, count(distinct t.id)::int as teams,
           count(distinct u.id)::int as athletes
    from teams t
    join sports s on s.id = t.sport_id
    left join team_members tm on tm.team_id = t.id
    left join users u on u.id = tm.user_id and u.status <> 'DELETED'
    where ${filtersOf(ctx, query)}
    group by s.name, t.season
    order by s.name, t.season`);
  return rows;
}

type TotalsSqlRow = {
  gender: string | null;
  level: string | null;
  by_gender: number;
  by_level: number;
  teams: number;
  roster_spots: number;
  athletes: number;
};

/**
 * One pass with grouping sets: per team gender, per level, per gender and level (the chart: boys
 * beside girls at each level), and all the filtered teams. Within
 * each set an athlete counts once (`count(distinct)`), so the gender rows can add up to more
 * than the total when an athlete plays on a boys' and a coed team; that is the point of the
 * unduplicated figure.
 */
export async function participationTotals(
  ctx: ReportContext,
  query: ParticipationReportQuery,
): Promise<ParticipationTotals> {
  const { rows } = await ctx.db.execute<TotalsSqlRow>(sql`
    select t.gender::text as gender, t.level::text as level,
           grouping(t.gender)::int as by_level, grouping(t.level)::int as by_gender,
           count(distinct t.id)::int as teams, count(u.id)::int as roster_spots,
           count(distinct u.id)::int as athletes
    from teams t
    left join team_members tm on tm.team_id = t.id
    left join users u on u.id = tm.user_id and u.status <> 'DELETED'
    where ${filtersOf(ctx, query)}
    group by grouping sets ((t.gender), (t.level), (t.gender, t.level), ())
    order by t.gender, t.level`);
  const counts = (r: TotalsSqlRow): ParticipationCounts => ({
    teams: r.teams,
    rosterSpots: r.roster_spots,
    athletes: r.athletes,
  });
  const total = rows.find((r) => r.by_gender && r.by_level);
  // `grouping()` is 1 for a column left out of the set: by_gender = level left out, and so on.
  const byBoth = rows.filter((r) => !r.by_gender && !r.by_level && r.gender !== null && r.level !== null);
  return {
    byGender: rows
      .filter((r) => r.gender !== null && r.by_gender)
      .map((r) => ({ gender: r.gender as string, ...counts(r) })),
    byLevel: rows
      .filter((r) => r.level !== null && r.by_level)
      .map((r) => ({ level: r.level as string, ...counts(r) })),
    byGenderLevel: byBoth.map((r) => ({ gender: r.gender as string, level: r.level as string, ...counts(r) })),
    total: total ? counts(total) : { teams: 0, rosterSpots: 0, athletes: 0 },
  };
}

const COUNT_HEADERS = ['Teams', 'Roster spots', 'Athletes (unduplicated)'];
const countCells = (c: ParticipationCounts) => [c.teams, c.rosterSpots, c.athletes];

/** Two tables in one file, a blank line between: the teams, then the totals by gender and level. */
export const participationCsv = (rows: ParticipationTeamRow[], totals: ParticipationTotals) => {
  const teams = toCsv(
    [
      'Sport',
      'Season',
      'School year',
      'Team',
      'Level',
      'Gender',
      'Status',
      'Athletes',
      'Coaches',
      'Level code',
      'Gender code',
    ],
    rows.map((r) => [
      r.sport,
      labelOf(SEASON_LABELS, r.season),
      r.schoolYear,
      r.teamName,
      labelOf(TEAM_LEVEL_LABELS, r.level),
      labelOf(TEAM_GENDER_LABELS, r.gender),
      labelOf(TEAM_STATUS_LABELS, r.status),
      r.athletes,
      r.coaches,
      r.level,
      r.gender,
    ]),
  );
  const summary = toCsv(
    ['By', 'Group', ...COUNT_HEADERS],
    [
      ...totals.byGender.map((g) => ['Gender', labelOf(TEAM_GENDER_LABELS, g.gender), ...countCells(g)]),
      ...totals.byLevel.map((l) => ['Level', labelOf(TEAM_LEVEL_LABELS, l.level), ...countCells(l)]),
      ...totals.byGenderLevel.map((p) => [
        'Gender and level',
        `${labelOf(TEAM_GENDER_LABELS, p.gender)} ${labelOf(TEAM_LEVEL_LABELS, p.level).toLowerCase()}`,
        ...countCells(p),
      ]),
      ['Total', 'All teams', ...countCells(totals.total)],
    ],
  );
  return `${teams}\r\n${summary}`;
};
