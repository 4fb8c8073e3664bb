/**
 * Who may see and change a team (decision 007): the administrators of its organization, or a
 * SUPER_ADMIN. Another organization's team does not exist, as far as the actor can tell.
 */
import type { teams } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';

type TeamRow = typeof teams.$inferSelect;

export function requireTeamAccess(actor: AppUser, team: TeamRow | undefined): TeamRow {
  if (!team || (actor.role !== 'SUPER_ADMIN' && team.organizationId !== actor.organizationId)) throw notFound('Team');
  return team;
}

/** A roster place is for an athlete, a coaching place for a coach, each of the team's organization. */
export function rosterCandidate(
  team: TeamRow,
  user: AppUser | undefined,
  place: 'athlete' | 'coach',
): AppUser & { role: 'ATHLETE' | 'COACH' } {
  if (!user || user.organizationId !== team.organizationId || user.status === 'DELETED') throw notFound('User');
  if (place === 'athlete' && user.role !== 'ATHLETE') {
    throw badRequest('userId: only athletes join a roster; add coaches as coaches');
  }
  if (place === 'coach' && user.role !== 'COACH') throw badRequest('userId: only coaches coach a team');
  return user as AppUser & { role: 'ATHLETE' | 'COACH' };
}
