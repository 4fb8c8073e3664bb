/**
 * Changes to teams, rosters and coaching staff (decision 017). Each change is one transaction
 * holding the team's row lock: its rows, its audit entry and the team room's members and
 * SYSTEM note commit together, and two changes of one team queue instead of both acting on
 * what they read. Socket events go out after the commit.
 */
import type { COACH_ROLES, TeamInput } from '@fieldhouse/shared';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { coaches, sports, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { type AfterCommit, inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { changedFields, personName } from '../audit/snapshots.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { syncTeamRoom } from '../chat/team-room.ts';
import { announceTeams } from './announce.ts';
import { requireTeamAccess, rosterCandidate } from './policies.ts';

type TeamRow = typeof teams.$inferSelect;
type TeamValues = Omit<TeamInput, 'organizationId'> & { level: TeamRow['level']; status: TeamRow['status'] };
type Change = { tx: Db; team: TeamRow; afterCommit: AfterCommit };

const teamSnapshot = (t: TeamRow) => ({
  name: t.name,
  sportId: t.sportId,
  level: t.level,
  gender: t.gender,
  season: t.season,
  schoolYear: t.schoolYear,
  status: t.status,
});

/** A team the actor may see (404 otherwise); reads only. */
export async function visibleTeam(db: Db, actor: AppUser, id: number): Promise<TeamRow> {
  const [team] = await db.select().from(teams).where(eq(teams.id, id));
  return requireTeamAccess(actor, team);
}

/** Tells the team's and the organization's sockets that the team changed (decision 003). */
const teamChanged = (app: FastifyInstance, team: TeamRow) => announceTeams(app.io, team.organizationId, [team.id]);

/**
 * Runs one change of an existing team: in a transaction, with the team's row locked and the
 * actor's access checked on the locked row; the team's "changed" event follows the commit.
 */
function teamChange<T>(app: FastifyInstance, actor: AppUser, teamId: number, work: (c: Change) => Promise<T>) {
  return inTransaction(
    app.database.db,
    async (tx, afterCommit) => {
      const [locked] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
      const team = requireTeamAccess(actor, locked);
      const result = await work({ tx, team, afterCommit });
      afterCommit(() => teamChanged(app, team));
      return result;
    },
    (error) => app.log.error({ err: error, teamId }, 'team change: after-commit effect failed'),
  );
}

const audit = (
  { tx, team }: Pick<Change, 'tx' | 'team'>,
  actor: AppUser,
  action: string,
  summary: string,
  change: { before?: unknown; after?: unknown } = {},
) =>
  recordAudit(tx, {
    organizationId: team.organizationId,
    actorId: actor.id,
    action,
    entityType: 'team',
    entityId: team.id,
    summary,
    ...change,
  });

async function requireSport(db: Db, sportId: number) {
  // A sport's removal (which locks the row for update) waits for this team, then sees it in use.
  const [sport] = await db.select({ id: sports.id }).from(sports).where(eq(sports.id, sportId)).for('key share');
  if (!sport) throw badRequest('sportId: no such sport');
}

export async function createTeam(
  app: FastifyInstance,
  actor: AppUser,
  organizationId: number,
  values: TeamValues,
): Promise<TeamRow> {
  return inTransaction(
    app.database.db,
    async (tx, afterCommit) => {
      await requireSport(tx, values.sportId);
      const [team] = await tx
        .insert(teams)
        .values({ ...values, organizationId })
        .returning();
      if (!team) throw new Error('team insert returned nothing');
      await audit({ tx, team }, actor, 'team.create', `Created ${team.name}`, { after: teamSnapshot(team) });
      afterCommit(() => teamChanged(app, team));
      return team;
    },
    (error) => app.log.error({ err: error }, 'team create: after-commit effect failed'),
  );
}

export function updateTeam(
  app: FastifyInstance,
  actor: AppUser,
  teamId: number,
  values: Partial<TeamValues>,
): Promise<TeamRow> {
  return teamChange(app, actor, teamId, async ({ tx, team }) => {
    if (values.sportId) await requireSport(tx, values.sportId);
    const [updated] = await tx.update(teams).set(values).where(eq(teams.id, team.id)).returning();
    if (!updated) throw notFound('Team');
    const diff = changedFields(teamSnapshot(team), teamSnapshot(updated));
    if (diff) {
      const fields = Object.keys(diff.after).join(', ');
      await audit({ tx, team: updated }, actor, 'team.update', `Updated ${updated.name} (${fields})`, diff);
    }
    return updated;
  });
}

/** Teams are never hard-deleted: archiving keeps their history, rosters and chat. */
export function archiveTeam(app: FastifyInstance, actor: AppUser, teamId: number): Promise<void> {
  return teamChange(app, actor, teamId, async ({ tx, team }) => {
    await tx.update(teams).set({ status: 'ARCHIVED' }).where(eq(teams.id, team.id));
    await audit({ tx, team }, actor, 'team.delete', `Archived ${team.name}`, {
      before: { status: team.status },
      after: { status: 'ARCHIVED' },
    });
  });
}

async function person(db: Db, userId: number): Promise<AppUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The team room follows the roster in the same transaction; its events follow the commit. */
async function rosterChanged(app: FastifyInstance, { tx, team, afterCommit }: Change, note: string) {
  const room = await syncTeamRoom(tx, team.id, note);
  afterCommit(() => room.emit(app.io));
}

export function addAthlete(
  app: FastifyInstance,
  actor: AppUser,
  teamId: number,
  input: { userId: number; jerseyNumber?: string | undefined; position?: string | undefined },
): Promise<void> {
  return teamChange(app, actor, teamId, async (change) => {
    const { tx, team } = change;
    const athlete = rosterCandidate(team, await person(tx, input.userId), 'athlete');
    const inserted = await tx
      .insert(teamMembers)
      .values({ teamId: team.id, userId: athlete.id, jerseyNumber: input.jerseyNumber, position: input.position })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw conflict('This athlete is already on the team');
    const name = personName(athlete);
    await audit(change, actor, 'team.member-add', `Added ${name} to ${team.name}`, {
      after: { userId: athlete.id, name, jerseyNumber: input.jerseyNumber ?? null },
    });
    await rosterChanged(app, change, `${name} joined the team`);
  });
}

export function removeAthlete(app: FastifyInstance, actor: AppUser, teamId: number, userId: number): Promise<void> {
  return teamChange(app, actor, teamId, async (change) => {
    const { tx, team } = change;
    const [removed] = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)))
      .returning();
    if (!removed) throw notFound('Roster entry');
    const member = await person(tx, userId);
    const name = member ? personName(member) : `user ${userId}`;
    await audit(change, actor, 'team.member-remove', `Removed ${name} from ${team.name}`, {
      before: { userId, name, jerseyNumber: removed.jerseyNumber },
    });
    await rosterChanged(app, change, `${name} left the team`);
  });
}

/**
 * The coach's coaching profile, created on their first team. Two first assignments at once
 * (two teams) both insert; the unique user id keeps one row and the other reads it.
 */
async function coachProfile(tx: Db, userId: number): Promise<number> {
  const [created] = await tx.insert(coaches).values({ userId }).onConflictDoNothing().returning({ id: coaches.id });
  if (created) return created.id;
  const [existing] = await tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, userId));
  if (!existing) throw new Error(`coach profile of user ${userId} neither inserted nor found`);
  return existing.id;
}

export function addCoach(
  app: FastifyInstance,
  actor: AppUser,
  teamId: number,
  input: { userId: number; role: (typeof COACH_ROLES)[number] },
): Promise<void> {
  return teamChange(app, actor, teamId, async (change) => {
    const { tx, team } = change;
    const coach = rosterCandidate(team, await person(tx, input.userId), 'coach');
    const coachId = await coachProfile(tx, coach.id);
    const inserted = await tx
      .insert(teamCoaches)
      .values({ coachId, teamId: team.id, role: input.role })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw conflict('This coach already coaches the team');
    const name = personName(coach);
    await audit(change, actor, 'team.coach-add', `Added coach ${name} to ${team.name}`, {
      after: { userId: coach.id, name, role: input.role },
    });
    await rosterChanged(app, change, `Coach ${name} joined the team`);
  });
}

export function removeCoach(app: FastifyInstance, actor: AppUser, teamId: number, userId: number): Promise<void> {
  return teamChange(app, actor, teamId, async (change) => {
    const { tx, team } = change;
    const [removed] = await tx
      .delete(teamCoaches)
      .where(
        and(
          eq(teamCoaches.teamId, team.id),
          inArray(teamCoaches.coachId, tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, userId))),
        ),
      )
      .returning();
    if (!removed) throw notFound('Coach on this team');
    const coach = await person(tx, userId);
    const name = coach ? personName(coach) : `user ${userId}`;
    await audit(change, actor, 'team.coach-remove', `Removed coach ${name} from ${team.name}`, {
      before: { userId, name, role: removed.role },
    });
    await rosterChanged(app, change, `Coach ${name} left the team`);
  });
}

/** People of the team's organization with `role`; anyone else in the list is a 400 naming the problem. */
async function peopleWithRole(tx: Db, team: TeamRow, ids: number[], role: 'ATHLETE' | 'COACH') {
  const unique = [...new Set(ids)];
  const found = await tx
    .select()
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.organizationId, team.organizationId), ne(users.status, 'DELETED')));
  if (found.length !== unique.length) throw notFound('User');
  const wrong = found.filter((u) => u.role !== role);
  if (wrong.length) {
    const names = wrong.map(personName).join(', ');
    throw badRequest(
      role === 'ATHLETE'
        ? `Only athletes join a roster: ${names} ${wrong.length === 1 ? 'is not an athlete' : 'are not athletes'}`
        : `Only coaches coach a team: ${names} ${wrong.length === 1 ? 'is not a coach' : 'are not coaches'}`,
    );
  }
  return found;
}

/** Several athletes at once (the team page's picker); those already on the roster are left as they are. */
export function addAthletes(app: FastifyInstance, actor: AppUser, teamId: number, userIds: number[]) {
  return teamChange(app, actor, teamId, async (change) => {
    const { tx, team } = change;
    const athletes = await peopleWithRole(tx, team, userIds, 'ATHLETE');
    const rows = await tx
      .insert(teamMembers)
      .values(athletes.map((a) => ({ teamId: team.id, userId: a.id })))
      .onConflictDoNothing()
      .returning();
    const added = athletes.filter((a) => rows.some((r) => r.userId === a.id));
    for (const athlete of added) {
      const name = personName(athlete);
      await audit(change, actor, 'team.member-add', `Added ${name} to ${team.name}`, {
        after: { userId: athlete.id, name, jerseyNumber: null },
      });
    }
    if (added.length) await rosterChanged(app, change, `${listOf(added)} joined the team`);
    return { team, added: added.length, alreadyOnTeam: athletes.length - added.length };
  });
}

/** Several coaches at once; on a team without coaches the first becomes head coach unless a role is given. */
export function addCoaches(
  app: FastifyInstance,
  actor: AppUser,
  teamId: number,
  input: { userIds: number[]; role?: (typeof COACH_ROLES)[number] | undefined },
) {
  return teamChange(app, actor, teamId, async (change) => {
    const { tx, team } = change;
    const people = await peopleWithRole(tx, team, input.userIds, 'COACH');
    const [existing] = await tx.select({ n: count() }).from(teamCoaches).where(eq(teamCoaches.teamId, team.id));
    const added: AppUser[] = [];
    for (const [i, coach] of people.entries()) {
      const role = input.role ?? ((existing?.n ?? 0) === 0 && i === 0 ? 'HEAD' : 'ASSISTANT');
      const inserted = await tx
        .insert(teamCoaches)
        .values({ coachId: await coachProfile(tx, coach.id), teamId: team.id, role })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) continue;
      added.push(coach);
      const name = personName(coach);
      await audit(
        change,
        actor,
        'team.coach-add',
        `Added ${role === 'HEAD' ? 'head coach' : 'coach'} ${name} to ${team.name}`,
        {
          after: { userId: coach.id, name, role },
        },
      );
    }
    if (added.length) await rosterChanged(app, change, `Coach ${listOf(added)} joined the team`);
    return { team, added: added.length, alreadyOnTeam: people.length - added.length };
  });
}

/** A jersey number or position edited in place; others wearing the same number come back as a warning. */
export function updateMember(
  app: FastifyInstance,
  actor: AppUser,
  teamId: number,
  userId: number,
  patch: { jerseyNumber?: string | null | undefined; position?: string | null | undefined },
) {
  return teamChange(app, actor, teamId, async (change) => {
    const { tx, team } = change;
    const [before] = await tx
      .select({ member: teamMembers, user: users })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)));
    if (!before) throw notFound('Roster entry');
    const [row] = await tx
      .update(teamMembers)
      .set(patch)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)))
      .returning();
    if (!row) throw notFound('Roster entry');
    const changes: string[] = [];
    if (row.jerseyNumber !== before.member.jerseyNumber)
      changes.push(row.jerseyNumber ? `jersey number to ${row.jerseyNumber}` : 'jersey number (cleared)');
    if (row.position !== before.member.position)
      changes.push(row.position ? `position to ${row.position}` : 'position (cleared)');
    if (changes.length) {
      await audit(
        change,
        actor,
        'team.member-update',
        `Changed ${personName(before.user)}’s ${changes.join(' and ')} on ${team.name}`,
        {
          before: { userId, jerseyNumber: before.member.jerseyNumber, position: before.member.position },
          after: { userId, jerseyNumber: row.jerseyNumber, position: row.position },
        },
      );
    }
    const sameNumber = row.jerseyNumber
      ? await tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(
            and(
              eq(teamMembers.teamId, team.id),
              eq(teamMembers.jerseyNumber, row.jerseyNumber),
              ne(teamMembers.userId, userId),
              ne(users.status, 'DELETED'),
            ),
          )
      : [];
    return { row, sameNumber: sameNumber.map((u) => ({ id: u.id, name: personName(u) })) };
  });
}

/** "Ana", "Ana and Ben", "Ana, Ben and 3 others" for a roster note. */
function listOf(people: AppUser[]) {
  const names = people.map(personName);
  if (names.length <= 2) return names.join(' and ');
  if (names.length <= 4) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} others`;
}
