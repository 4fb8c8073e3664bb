/**
 * Which teams and people a broadcast reaches (decision 029). Teams: the ones named (each must be
 * the school's and active), every active team of the chosen seasons, or every active team.
 * People, per team: whom its room is for (the safeguarding plan of its facts, read by
 * `audienceOf` — the rule the send reads from the room itself), of the chosen roles; athletes
 * bring their minors' guardians. Coaches only: the teams' coaches.
 */
import {
  ACK_ERROR_IDS,
  type AskedAs,
  BROADCAST_ERROR_IDS,
  type BroadcastPreview,
  isAdminRole,
  type Role,
} from '@fieldhouse/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRooms, coaches, teamCoaches, teams, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { audienceOf } from '../announcements/requests.ts';
import { factsOf, type RoomRow, roomColumns } from '../safeguarding/facts.ts';
import { planRoom } from '../safeguarding/plan.ts';

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

type Sender = { id: number; role: Role | null };

/**
 * Whom each team's room would be for if the broadcast went now — by the same two rules the send
 * reads (decision 029): the room's members are the safeguarding plan of its facts (decision 018),
 * with the sender overseeing it as `deliverBroadcast` makes them; its audience is `audienceOf`
 * those members. A team without a room yet is planned as a room with no members. Read-only.
 */
async function reachOf(db: Db, organizationId: number, teamIds: number[], sender: Sender): Promise<Reach[]> {
  const existing = await db
    .select(roomColumns)
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, 'TEAM'), inArray(chatRooms.teamId, teamIds)));
  // Ids no room has (rooms count up from 1) stand for rooms not made yet.
  const rooms: RoomRow[] = teamIds.map(
    (teamId) =>
      existing.find((r) => r.teamId === teamId) ?? {
        id: -teamId,
        kind: 'TEAM',
        organizationId,
        directKey: null,
        teamId,
        purpose: null,
        hold: null,
        lastMessageAt: null,
      },
  );
  const facts = await factsOf(db, rooms, [sender.id]);
  const teamOf = new Map(rooms.map((r) => [r.id, r.teamId as number]));
  const now = new Date();
  return facts.flatMap((room) => {
    if (isAdminRole(sender.role) && !room.members.some((m) => m.userId === sender.id))
      room.members.push({ userId: sender.id, reason: 'OVERSIGHT' });
    const members = [...planRoom(room, now).members].flatMap(([id, reason]) => {
      const person = room.people.get(id);
      return person ? [{ id, role: person.role, status: person.status, reason }] : [];
    });
    const teamId = teamOf.get(room.id) as number;
    return audienceOf(members).map((m) => ({ teamId, userId: m.id, askedAs: m.askedAs }));
  });
}

/** Coaches only: each team's coaches with ACTIVE accounts, as `deliverBroadcast` asks them in the coaches' room. */
async function coachReach(db: Db, teamIds: number[]): Promise<Reach[]> {
  const rows = await db
    .selectDistinct({ teamId: teamCoaches.teamId, userId: users.id })
    .from(teamCoaches)
    .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(and(inArray(teamCoaches.teamId, teamIds), eq(users.status, 'ACTIVE')));
  return rows.map((r) => ({ ...r, askedAs: 'COACH' as const }));
}

/** The chosen teams' coaches with ACTIVE accounts: whom a coaches-only broadcast reaches. */
export async function coachesOf(db: Db, teamIds: number[]): Promise<number[]> {
  return [...new Set((await coachReach(db, teamIds)).map((r) => r.userId))];
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
  sender: Sender,
): Promise<BroadcastPreview> {
  const found = await resolveTeams(db, organizationId, targets);
  const kinds = askedKinds(audiences);
  const teamIds = found.map((t) => t.id);
  const reached = toStaffRoom(audiences)
    ? await coachReach(db, teamIds)
    : await reachOf(db, organizationId, teamIds, sender);
  const reach = reached.filter((r) => kinds.has(r.askedAs) && r.userId !== sender.id);
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
