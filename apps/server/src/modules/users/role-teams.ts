/**
 * A role change takes a person off the teams and family links the new role cannot hold: a coach
 * who is now a parent no longer coaches (their teams' rooms, beside minors, let them go), an
 * athlete who is now staff is off the roster, a guardian who is now staff or an athlete no longer
 * sees any child's conversations. Inside the role change's transaction, with an audit entry (and
 * a note in each team's room); run `emit` after the commit.
 */
import type { Role } from '@fieldhouse/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, guardianLinks, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record.ts';
import { personName } from '../audit/snapshots.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { syncTeamRoom, type TeamRoomChange } from '../chat/team-room.ts';
import { announceTeams } from '../teams/announce.ts';

export async function leaveTeamsForRole(
  tx: Db,
  actor: AppUser,
  person: AppUser,
  from: Role | null,
): Promise<{ teamIds: number[]; emit: TeamRoomChange['emit'] }> {
  let left: number[] = [];
  if (from === 'COACH' && person.role !== 'COACH') {
    const coach = tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, person.id));
    left = (
      await tx.delete(teamCoaches).where(inArray(teamCoaches.coachId, coach)).returning({ teamId: teamCoaches.teamId })
    ).map((r) => r.teamId);
  } else if (from === 'ATHLETE' && person.role !== 'ATHLETE') {
    left = (
      await tx.delete(teamMembers).where(eq(teamMembers.userId, person.id)).returning({ teamId: teamMembers.teamId })
    ).map((r) => r.teamId);
  }
  if (left.length === 0) return { teamIds: [], emit: () => {} };
  const who = personName(person);
  const kind = from === 'COACH' ? 'coach' : 'member';
  const names = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, left));
  const rooms: TeamRoomChange[] = [];
  for (const team of names) {
    await recordAudit(tx, {
      organizationId: person.organizationId,
      actorId: actor.id,
      action: `team.${kind}-remove`,
      entityType: 'team',
      entityId: team.id,
      summary: `Removed ${from === 'COACH' ? 'coach ' : ''}${who} from ${team.name} (now ${person.role?.toLowerCase().replaceAll('_', ' ')})`,
      before: { userId: person.id, name: who },
    });
    rooms.push(await syncTeamRoom(tx, team.id, `${who} left the team`));
  }
  return {
    teamIds: left,
    emit: (io) => {
      for (const room of rooms) room.emit(io);
      if (person.organizationId) announceTeams(io, person.organizationId, left);
    },
  };
}

/**
 * Guardian links need a PARENT on one side and an ATHLETE on the other: a guardian who is now
 * anything else stops counting as one (the rooms' safeguarding would otherwise trust them), and an
 * athlete who is now staff has no guardians. The caller reconciles the person's rooms after this.
 */
export async function leaveFamilyForRole(tx: Db, actor: AppUser, person: AppUser, from: Role | null) {
  const side =
    from === 'PARENT' && person.role !== 'PARENT'
      ? guardianLinks.guardianId
      : from === 'ATHLETE' && person.role !== 'ATHLETE'
        ? guardianLinks.athleteId
        : null;
  if (!side) return;
  const removed = await tx.delete(guardianLinks).where(eq(side, person.id)).returning();
  if (removed.length === 0) return;
  const ids = removed.map((l) => (side === guardianLinks.guardianId ? l.athleteId : l.guardianId));
  const names = new Map(
    (await tx.select().from(users).where(inArray(users.id, ids))).map((u) => [u.id, personName(u)]),
  );
  for (const link of removed) {
    const guardian = link.guardianId === person.id ? personName(person) : names.get(link.guardianId);
    const athlete = link.athleteId === person.id ? personName(person) : names.get(link.athleteId);
    await recordAudit(tx, {
      organizationId: person.organizationId,
      actorId: actor.id,
      action: 'user.guardian-unlink',
      entityType: 'user',
      entityId: link.athleteId,
      summary: `Unlinked ${guardian} from ${athlete} (now ${person.role?.toLowerCase().replaceAll('_', ' ')})`,
      before: { guardianId: link.guardianId, name: guardian, relationship: link.relationship },
    });
  }
}
