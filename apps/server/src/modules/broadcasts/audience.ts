/**
 * Which teams and people a broadcast reaches (decision 029). Teams: the ones named (each must be
 * the school's and active), every active team of the chosen seasons, or every active team.
 * People, per team, from the roster facts its room follows (decision 018): athletes and coaches
 * with ACTIVE accounts, and the guardians of athletes under 18 — chosen as guardians, or brought
 * in by safeguarding when athletes are chosen.
 */
import { ACK_ERROR_IDS, type AskedAs, BROADCAST_ERROR_IDS, type BroadcastPreview } from '@fieldhouse/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';

export type Targets = { teamIds: number[]; seasons: string[]; everyone: boolean };
export type TargetTeam = { id: number; name: string };

/** The teams, by name; 404 for a team of another school, 409 for an archived one named. */
export async function resolveTeams(db: Db, organizationId: number, targets: Targets): Promise<TargetTeam[]> {
  if (targets.teamIds.length) {
    const named = await db
      .select({ id: teams.id, name: teams.name, status: teams.status })
      .from(teams)
      .where(and(inArray(teams.id, targets.teamIds), eq(teams.organizationId, organizationId)));
    if (named.length !== new Set(targets.teamIds).size) throw notFound('Team');
    const archived = named.filter((t) => t.status !== 'ACTIVE');
    if (archived.length) {
      throw conflict(
        `Archived teams cannot be messaged: ${archived.map((t) => t.name).join(', ')}`,
        ACK_ERROR_IDS.teamArchived,
      );
    }
  }
  const chosen = or(
    targets.everyone ? sql`true` : undefined,
    targets.teamIds.length ? inArray(teams.id, targets.teamIds) : undefined,
    targets.seasons.length
      ? inArray(teams.season, targets.seasons as (typeof teams.season.enumValues)[number][])
      : undefined,
  );
  const found = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.status, 'ACTIVE'), chosen))
    .orderBy(asc(teams.name), asc(teams.id));
  if (found.length === 0) throw badRequest('No active team matches that choice', BROADCAST_ERROR_IDS.noTeams);
  return found;
}

/** A team's people by why they would be reached: one row per (team, person, as). */
type Reach = { teamId: number; userId: number; askedAs: AskedAs };

async function reachOf(db: Db, teamIds: number[]): Promise<Reach[]> {
  const ids = sql.join(
    teamIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ team_id: number; user_id: number; asked_as: AskedAs }>(sql`
    select tm.team_id, u.id as user_id, 'ATHLETE' as asked_as
      from team_members tm join users u on u.id = tm.user_id
     where tm.team_id in (${ids}) and u.role = 'ATHLETE' and u.status = 'ACTIVE'
    union
    select tc.team_id, u.id, 'COACH'
      from team_coaches tc join coaches c on c.id = tc.coach_id join users u on u.id = c.user_id
     where tc.team_id in (${ids}) and u.status = 'ACTIVE'
    union
    select tm.team_id, g.id, 'GUARDIAN'
      from team_members tm
      join users a on a.id = tm.user_id
      join guardian_links gl on gl.athlete_id = a.id
      join users g on g.id = gl.guardian_id
     where tm.team_id in (${ids}) and a.role = 'ATHLETE' and a.status <> 'DELETED' and g.status = 'ACTIVE'
       and (a.date_of_birth is null or a.date_of_birth > (current_date - interval '18 years'))`);
  return rows.map((r) => ({ teamId: Number(r.team_id), userId: Number(r.user_id), askedAs: r.asked_as }));
}

/** Whom a choice of audiences asks: athletes bring their minor's guardians with them. */
export const askedKinds = (audiences: readonly AskedAs[]): Set<AskedAs> =>
  new Set<AskedAs>(audiences.includes('ATHLETE') ? [...audiences, 'GUARDIAN'] : audiences);

/** Coaches only: the school's coaches' room rather than the team rooms, which families read. */
export const toStaffRoom = (audiences: readonly AskedAs[]) => audiences.every((a) => a === 'COACH');

export async function previewBroadcast(
  db: Db,
  organizationId: number,
  targets: Targets,
  audiences: readonly AskedAs[],
  senderId: number,
): Promise<BroadcastPreview> {
  const found = await resolveTeams(db, organizationId, targets);
  const kinds = askedKinds(audiences);
  const reach = (
    await reachOf(
      db,
      found.map((t) => t.id),
    )
  ).filter((r) => kinds.has(r.askedAs) && r.userId !== senderId);
  const count = (teamId: number, as: AskedAs) =>
    new Set(reach.filter((r) => r.teamId === teamId && r.askedAs === as).map((r) => r.userId)).size;
  const chosenGuardians = audiences.includes('GUARDIAN');
  const everyone = new Set(reach.map((r) => r.userId));
  const guardiansOnlyForMinors = chosenGuardians
    ? 0
    : new Set(reach.filter((r) => r.askedAs === 'GUARDIAN').map((r) => r.userId)).size;
  return {
    teams: found.map((t) => ({
      teamId: t.id,
      name: t.name,
      athletes: count(t.id, 'ATHLETE'),
      guardians: count(t.id, 'GUARDIAN'),
      coaches: count(t.id, 'COACH'),
    })),
    recipients: everyone.size,
    guardiansForMinors: guardiansOnlyForMinors,
    staffRoom: toStaffRoom(audiences),
  };
}
