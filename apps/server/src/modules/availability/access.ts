/**
 * Who may read and give availability for an event (decision 022), checked on every request:
 * - the school's four admin roles (a SUPER_ADMIN of any school) and the team's coaches read all;
 * - an athlete on the team reads and gives their own answer;
 * - a guardian reads and gives the answers of their children on the team.
 * Another school's event is 404; someone of the school with no part in the team gets 403.
 */
import { isAdminRole } from '@fieldhouse/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type CalendarEventRow,
  calendarEvents,
  coaches,
  guardianLinks,
  teamCoaches,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';

/** Staff and coaches see the roster; an athlete or guardian sees the athletes they answer for. */
export type Viewer = { kind: 'staff' } | { kind: 'member'; athleteIds: number[] };

/** The event a request names, in a school the actor may act in (404 otherwise). */
export async function eventFor(db: Db, actor: AppUser, id: number) {
  if (actor.status !== 'ACTIVE') throw forbidden();
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  if (!row) throw notFound('Event');
  // A SUPER_ADMIN acts in any school; everyone else only in their own.
  if (actor.role !== 'SUPER_ADMIN' && row.organizationId !== actor.organizationId) throw notFound('Event');
  if (row.teamId === null) throw badRequest('Availability is asked for team events only');
  return row as CalendarEventRow & { teamId: number };
}

/** The roster's athletes whose accounts are not deleted. */
export async function rosterOf(db: Db, teamId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), ne(users.status, 'DELETED')))
    .orderBy(users.lastName, users.firstName, users.id);
}

export async function viewerOf(db: Db, actor: AppUser, teamId: number): Promise<Viewer> {
  if (actor.status !== 'ACTIVE') throw forbidden();
  if (isAdminRole(actor.role)) return { kind: 'staff' };
  if (actor.role === 'COACH') {
    const [coaching] = await db
      .select({ id: teamCoaches.id })
      .from(teamCoaches)
      .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
      .where(and(eq(teamCoaches.teamId, teamId), eq(coaches.userId, actor.id)));
    if (coaching) return { kind: 'staff' };
  }
  if (actor.role === 'ATHLETE') {
    const [member] = await db
      .select({ id: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, actor.id)));
    if (member) return { kind: 'member', athleteIds: [actor.id] };
  }
  if (actor.role === 'PARENT') {
    const children = await db
      .select({ id: guardianLinks.athleteId })
      .from(guardianLinks)
      .innerJoin(teamMembers, eq(teamMembers.userId, guardianLinks.athleteId))
      .where(and(eq(guardianLinks.guardianId, actor.id), eq(teamMembers.teamId, teamId)));
    if (children.length > 0) return { kind: 'member', athleteIds: children.map((c) => c.id) };
  }
  throw forbidden('Only the team, its guardians and the school staff see this event’s availability');
}

/** The athlete a member answers for: themself, or the named (or only) child on the team. */
export function answeringFor(viewer: Viewer, requested: number | undefined): number {
  if (viewer.kind === 'staff') throw forbidden('Athletes and their guardians give availability');
  if (requested === undefined) {
    if (viewer.athleteIds.length === 1) return viewer.athleteIds[0] as number;
    throw badRequest('Say which of your children this answer is for (athleteId)');
  }
  if (!viewer.athleteIds.includes(requested)) throw forbidden('You answer only for yourself or your children');
  return requested;
}
