/**
 * A team's chat room follows its roster: athletes and coaches are participants, and the
 * safeguarding policy (decision 018) adds guardians and second adults. The room is made on first
 * use; after that every roster change brings it up to date in the change's own transaction
 * (`syncTeamRoom`), so the roster and the room never disagree. Administrators who joined for
 * oversight stay while they administer the organization.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { chatRooms, teams } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import { lockSafeguarding } from '../safeguarding/lock.ts';
import { type Emit, emitAll, reconcileRooms } from '../safeguarding/reconcile.ts';
import type { Room } from './rooms.ts';
import { postSystemMessage } from './system-messages.ts';

const teamRoomOf = (teamId: number) => and(eq(chatRooms.teamId, teamId), eq(chatRooms.kind, 'TEAM'));

/** The team's room with its members up to date (decision 018), created on first use (one per team: a unique index). */
export async function ensureTeamRoom(db: Db, teamId: number, onChange?: (emit: Emit) => void): Promise<Room> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound('Team');
  const { room, emit } = await inTransaction(db, async (tx) => {
    let [room] = await tx.select().from(chatRooms).where(teamRoomOf(teamId));
    const created: number[] = [];
    if (!room) {
      const [inserted] = await tx
        .insert(chatRooms)
        .values({ organizationId: team.organizationId, kind: 'TEAM', teamId, name: team.name })
        .onConflictDoNothing()
        .returning();
      if (inserted) created.push(inserted.id);
      [room] = await tx.select().from(chatRooms).where(teamRoomOf(teamId));
    }
    if (!room) throw new Error('team room neither inserted nor found');
    const reconciled = await reconcileRooms(tx, [room.id], created.length ? 'room-created' : 'roster', created);
    return { room, emit: reconciled.emit };
  });
  onChange?.(emit);
  return room;
}

export type TeamRoomChange = { emit: (io: Server) => void };

/**
 * After a roster change, in its transaction: `note` is posted in the room (if the team has one
 * yet), then the safeguarding policy brings its members up to date (the roster's athletes and
 * coaches, their guardians, a second adult where needed), saying nothing more about who joined
 * or left the roster. Run `emit` after commit: people who left stop hearing the room at once.
 */
export async function syncTeamRoom(tx: Db, teamId: number, note: string): Promise<TeamRoomChange> {
  // Before the room is looked up and its note locks it (lock.ts): a room being made now is seen.
  const [team] = await tx.select({ organizationId: teams.organizationId }).from(teams).where(eq(teams.id, teamId));
  await lockSafeguarding(tx, [team?.organizationId ?? null]);
  const [room] = await tx.select({ id: chatRooms.id }).from(chatRooms).where(teamRoomOf(teamId));
  if (!room) return { emit: () => {} };
  const post = await postSystemMessage(tx, room.id, note);
  const reconciled = await reconcileRooms(tx, [room.id], 'roster', [], { rosterAnnounced: true });
  return { emit: emitAll(post, reconciled) };
}

/**
 * Whether a person belongs to a team's conversation by the facts: coaches it, plays on it, or is
 * a guardian of an athlete who does. Members reach a team's room only so (decision 026): another
 * team of their school answers like a missing one, and no room is made on their behalf.
 */
export async function belongsToTeam(db: Db, userId: number, teamId: number): Promise<boolean> {
  const { rows } = await db.execute<{ belongs: boolean }>(sql`
    select exists (select 1 from team_members where team_id = ${teamId} and user_id = ${userId})
        or exists (select 1 from team_coaches tc join coaches c on c.id = tc.coach_id
                   where tc.team_id = ${teamId} and c.user_id = ${userId})
        or exists (select 1 from team_members tm join guardian_links g on g.athlete_id = tm.user_id
                   where tm.team_id = ${teamId} and g.guardian_id = ${userId}) as belongs`);
  return rows[0]?.belongs === true;
}
