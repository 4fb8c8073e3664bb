/**
 * Who a team is, for chat: its athletes and coaches, and the whole audience of a team message
 * (coaches, athletes and the athletes' guardians). Team rooms and calendar announcements ask
 * here, so there is one answer.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coaches, guardianLinks, teamCoaches, teamMembers, users } from '../../db/schema/index.ts';
import { inTurn } from '../../db/transaction.ts';

/** The team's athletes and coaches (user ids). */
export async function teamPeople(db: Db, teamId: number): Promise<{ athletes: number[]; coaches: number[] }> {
  const [athletes, coachRows] = await inTurn([
    db.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId)),
    db
      .select({ id: coaches.userId })
      .from(teamCoaches)
      .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
      .where(eq(teamCoaches.teamId, teamId)),
  ]);
  return { athletes: athletes.map((r) => r.id), coaches: coachRows.map((r) => r.id) };
}

/** The athletes' guardians whose accounts are not deleted. */
export async function guardiansOf(db: Db, athleteIds: number[]): Promise<number[]> {
  if (athleteIds.length === 0) return [];
  const rows = await db
    .select({ id: guardianLinks.guardianId })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(and(inArray(guardianLinks.athleteId, athleteIds), ne(users.status, 'DELETED')));
  return [...new Set(rows.map((r) => r.id))];
}

/** Everyone a team message reaches: coaches, athletes and their guardians (accounts not deleted). */
export async function teamAudience(db: Db, teamId: number): Promise<number[]> {
  const people = await teamPeople(db, teamId);
  const guardians = await guardiansOf(db, people.athletes);
  const ids = [...new Set([...people.coaches, ...people.athletes, ...guardians])];
  if (ids.length === 0) return [];
  const active = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), ne(users.status, 'DELETED')));
  return active.map((r) => r.id);
}
