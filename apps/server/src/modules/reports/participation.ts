/**
 * Teams and participation by sport and season: each team with its athlete and coach counts
 * (paged), and a summary per sport and season counting distinct athletes (an athlete on two
 * teams of one sport and season counts once). Archived teams are included: past seasons are
 * the history this report is for.
 */
import type { ParticipationReportQuery, ParticipationSummaryRow, ParticipationTeamRow } from '@fieldhouse/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Paging, pageSql, type ReportContext, toCsv } from './common.ts';

const filtersOf = (ctx: ReportContext, query: ParticipationReportQuery) => {
  const filters: SQL[] = [sql`t.organization_id = ${ctx.organizationId}`];
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

export const participationCsv = (rows: ParticipationTeamRow[]) =>
  toCsv(
    ['sport', 'season', 'schoolYear', 'team', 'level', 'gender', 'status', 'athletes', 'coaches'],
    rows.map((r) => [r.sport, r.season, r.schoolYear, r.teamName, r.level, r.gender, r.status, r.athletes, r.coaches]),
  );
