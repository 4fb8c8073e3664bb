/**
 * A role change takes a person off the teams the new role cannot hold: a coach who is now a
 * parent no longer coaches (their teams' rooms, beside minors, let them go), an athlete who is
 * now staff is off the roster. Inside the role change's transaction, with an audit entry and a
 * note in each team's room; run `emit` after the commit.
 */
import type { Role } from '@fieldhouse/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, teamCoaches, teamMembers, teams } from '../../db/schema/index.ts';
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
