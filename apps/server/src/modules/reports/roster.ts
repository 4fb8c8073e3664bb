/**
 * Roster by team: one row per athlete on a team, with their contact and their guardians'.
 * Deleted people are left out; archived teams only when asked for by teamId.
 */
import {
  labelOf,
  REPORT_USER_STATUS_LABELS,
  type RosterReportQuery,
  type RosterReportRow,
  SEASON_LABELS,
} from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import { fullName, type Paging, pageSql, type ReportContext, toCsv } from './common.ts';

type Row = {
  team_id: number;
  team_name: string;
  sport: string;
  season: string;
  school_year: string;
  athlete_id: number;
  first_name: string;
  last_name: string | null;
  jersey_number: string | null;
  email: string;
  contact_number: string | null;
  status: string;
  guardians: { name: string; relationship: string; email: string; contactNumber: string | null }[] | string | null;
  total: number;
};

export async function rosterReport(
  ctx: ReportContext,
  query: RosterReportQuery,
  paging: Paging,
): Promise<{ result: RosterReportRow[]; totalCount: number }> {
  const filters = [sql`t.organization_id = ${ctx.organizationId}`, sql`u.status <> 'DELETED'`];
  if (query.teamId) filters.push(sql`t.id = ${query.teamId}`);
  else filters.push(sql`t.status = 'ACTIVE'`);
  if (query.sportId) filters.push(sql`t.sport_id = ${query.sportId}`);
  if (query.season) filters.push(sql`t.season = ${query.season}`);
  const { rows } = await ctx.db.execute<Row>(sql`
    select t.id as team_id, t.name as team_name, s.name as sport, t.season, t.school_year,
           u.id as athlete_id, u.first_name, u.last_name, tm.jersey_number, u.email, u.contact_number, u.status,
           (select coalesce(json_agg(json_build_object(
                     'name', concat_ws(' ', g.first_name, g.last_name), 'relationship', gl.relationship,
                     'email', g.email, 'contactNumber', g.contact_number)
                   order by gl.is_primary desc, g.first_name, g.id), '[]'::json)
              from guardian_links gl join users g on g.id = gl.guardian_id
             where gl.athlete_id = u.id and g.status <> 'DELETED') as guardians,
           count(*) over ()::int as total
    from team_members tm
    join teams t on t.id = tm.team_id
    join sports s on s.id = t.sport_id
    join users u on u.id = tm.user_id
    where ${sql.join(filters, sql` and `)}
    order by t.name, t.id, u.last_name nulls last, u.first_name, u.id
    ${pageSql(paging)}`);
  const result: RosterReportRow[] = rows.map((r) => ({
    teamId: r.team_id,
    teamName: r.team_name,
    sport: r.sport,
    season: r.season,
    schoolYear: r.school_year,
    athleteId: r.athlete_id,
    athleteName: fullName(r.first_name, r.last_name),
    jerseyNumber: r.jersey_number,
    email: r.email,
    contactNumber: r.contact_number,
    status: r.status,
    guardians: typeof r.guardians === 'string' ? JSON.parse(r.guardians) : (r.guardians ?? []),
  }));
  // A page past the end has no rows to carry the total: ask for the first row only.
  if (!rows[0] && paging && paging.page > 1) {
    return { result, totalCount: (await rosterReport(ctx, query, { page: 1, limit: 1 })).totalCount };
  }
  return { result, totalCount: rows[0]?.total ?? 0 };
}

export function rosterCsv(rows: RosterReportRow[]) {
  return toCsv(
    [
      'Team',
      'Sport',
      'Season',
      'School year',
      'Athlete',
      '#',
      'Email',
      'Phone',
      'Status',
      'Guardians',
      'Guardian emails',
      'Guardian phones',
    ],
    rows.map((r) => [
      r.teamName,
      r.sport,
      labelOf(SEASON_LABELS, r.season),
      r.schoolYear,
      r.athleteName,
      r.jerseyNumber,
      r.email,
      r.contactNumber,
      labelOf(REPORT_USER_STATUS_LABELS, r.status),
      r.guardians.map((g) => `${g.name} (${g.relationship})`).join('; '),
      r.guardians.map((g) => g.email).join('; '),
      r.guardians
        .map((g) => g.contactNumber)
        .filter(Boolean)
        .join('; '),
    ]),
  );
}
