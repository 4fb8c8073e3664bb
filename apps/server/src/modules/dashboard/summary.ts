/**
 * The home dashboard's figures in one round trip: active people per role, active teams (archived
 * ones are past seasons, not teams the school runs), and the people invited but not signed in
 * yet (their pool account still waits for a first password).
 */
import type { DashboardSummary } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export async function dashboardSummary(db: Db, organizationId: number): Promise<DashboardSummary> {
  const { rows } = await db.execute<{
    athletes: number;
    coaches: number;
    guardians: number;
    admins: number;
    teams: number;
    awaiting: number;
    awaiting_people: DashboardSummary['awaitingFirstSignIn']['people'] | null;
  }>(sql`
    with people as (
      select role, count(*)::int as n from users
      where organization_id = ${organizationId} and status = 'ACTIVE' group by role
    ), waiting as (
      select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, u.role,
             u.created_at as "invitedAt"
      from users u join identity_accounts a on a.sub = u.identity_sub
      where u.organization_id = ${organizationId} and u.status = 'ACTIVE' and a.status = 'FORCE_CHANGE_PASSWORD'
    )
    select
      coalesce((select n from people where role = 'ATHLETE'), 0) as athletes,
      coalesce((select n from people where role = 'COACH'), 0) as coaches,
      coalesce((select n from people where role = 'PARENT'), 0) as guardians,
      coalesce((select sum(n) from people where role in
        ('SUPER_ADMIN', 'ATHLETIC_DIRECTOR', 'ATHLETIC_ADMINISTRATOR', 'ASSISTANT_ATHLETIC_DIRECTOR')), 0)::int as admins,
      (select count(*)::int from teams where organization_id = ${organizationId} and status = 'ACTIVE') as teams,
      (select count(*)::int from waiting) as awaiting,
      (select json_agg(w) from (select * from waiting order by "invitedAt" desc limit 5) w) as awaiting_people`);
  const row = rows[0];
  return {
    counts: {
      athletes: row?.athletes ?? 0,
      coaches: row?.coaches ?? 0,
      guardians: row?.guardians ?? 0,
      admins: row?.admins ?? 0,
      teams: row?.teams ?? 0,
    },
    awaitingFirstSignIn: {
      count: row?.awaiting ?? 0,
      people: (row?.awaiting_people ?? []).map((p) => ({ ...p, invitedAt: new Date(p.invitedAt).toISOString() })),
    },
  };
}
