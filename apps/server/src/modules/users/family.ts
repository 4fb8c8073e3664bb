/**
 * Edit person beyond the profile (issue 16): the teams someone plays on or coaches, an athlete's
 * guardians (link, unlink, relationship, a new guardian) and the sign-in e-mail. Each change is
 * one transaction with its audit entries; socket events, invites and mail go after the commit.
 */
import type { GuardianLinkInput, UserTeamsInput } from '@fieldhouse/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  coaches,
  guardianLinks,
  teamCoaches,
  teamMembers,
  teams,
  userStatusEvents,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { personName } from '../audit/snapshots.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { syncTeamRoom, type TeamRoomChange } from '../chat/team-room.ts';
import { reconcilePeople } from '../safeguarding/reconcile.ts';
import { announceTeams } from '../teams/announce.ts';
import { checkTeams, findVisibleUser, requireManage, undoCreate } from './service.ts';
import { provisionSignIn } from './sign-in-account.ts';

type TeamLinks = {
  current: () => Promise<number[]>;
  remove: (teamIds: number[]) => Promise<unknown>;
  add: (teamIds: number[]) => Promise<unknown>;
};

/** The teams an athlete plays on or a coach coaches, replaced by `teamIds` (jersey numbers of kept teams stay). */
export async function setUserTeams(app: FastifyInstance, actor: AppUser, id: number, input: UserTeamsInput) {
  const target = await findVisibleUser(app, actor, id);
  requireManage(actor, target);
  if (target.role !== 'ATHLETE' && target.role !== 'COACH') {
    throw badRequest('Only athletes and coaches are on teams');
  }
  const organizationId = target.organizationId as number;
  const wanted = [...new Set(input.teamIds)];
  await checkTeams(app, organizationId, wanted);
  const names = new Map(
    (
      await app.database.db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(eq(teams.organizationId, organizationId))
    ).map((t) => [t.id, t.name]),
  );
  const who = personName(target);
  return inTransaction(app.database.db, async (tx, afterCommit) => {
    // The one difference between the two: athletes are team members, coaches a coach profile's teams.
    let links: TeamLinks;
    if (target.role === 'ATHLETE') {
      links = {
        current: async () =>
          (await tx.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, id))).map(
            (r) => r.teamId,
          ),
        remove: (ids) =>
          tx.delete(teamMembers).where(and(eq(teamMembers.userId, id), inArray(teamMembers.teamId, ids))),
        add: (ids) =>
          tx
            .insert(teamMembers)
            .values(ids.map((teamId) => ({ teamId, userId: id })))
            .onConflictDoNothing(),
      };
    } else {
      const [coach] = await tx
        .insert(coaches)
        .values({ userId: id })
        .onConflictDoUpdate({ target: coaches.userId, set: { userId: sql`excluded.user_id` } })
        .returning();
      if (!coach) throw new Error('coach upsert returned nothing');
      links = {
        current: async () =>
          (
            await tx.select({ teamId: teamCoaches.teamId }).from(teamCoaches).where(eq(teamCoaches.coachId, coach.id))
          ).map((r) => r.teamId),
        remove: (ids) =>
          tx.delete(teamCoaches).where(and(eq(teamCoaches.coachId, coach.id), inArray(teamCoaches.teamId, ids))),
        add: (ids) =>
          tx
            .insert(teamCoaches)
            .values(ids.map((teamId) => ({ coachId: coach.id, teamId, role: input.coachRole ?? 'ASSISTANT' })))
            .onConflictDoNothing(),
      };
    }
    const current = await links.current();
    const added = wanted.filter((t) => !current.includes(t));
    const removed = current.filter((t) => !wanted.includes(t));
    if (removed.length) await links.remove(removed);
    if (added.length) await links.add(added);
    const asCoach = target.role === 'COACH' ? 'coach ' : '';
    const kind = target.role === 'COACH' ? 'coach' : 'member';
    for (const [teamId, verb] of [
      ...added.map((t) => [t, 'add'] as const),
      ...removed.map((t) => [t, 'remove'] as const),
    ]) {
      await recordAudit(tx, {
        organizationId,
        actorId: actor.id,
        action: `team.${kind}-${verb}`,
        entityType: 'team',
        entityId: teamId,
        summary:
          verb === 'add'
            ? `Added ${asCoach}${who} to ${names.get(teamId)}`
            : `Removed ${asCoach}${who} from ${names.get(teamId)}`,
        ...(verb === 'add' ? { after: { userId: id, name: who } } : { before: { userId: id, name: who } }),
      });
    }
    // Each team's room follows its roster (and the safeguarding policy) in this transaction.
    const rooms: TeamRoomChange[] = [];
    for (const t of added) rooms.push(await syncTeamRoom(tx, t, `${who} joined the team`));
    for (const t of removed) rooms.push(await syncTeamRoom(tx, t, `${who} left the team`));
    afterCommit(() => {
      for (const room of rooms) room.emit(app.io);
      announceTeams(app.io, organizationId, [...added, ...removed]);
    });
    return { added: added.length, removed: removed.length };
  });
}

/** A guardian linked or unlinked: the child's conversations follow the safeguarding policy (decision 018). */
async function guardiansChanged(tx: Db, guardian: AppUser, athlete: AppUser) {
  return reconcilePeople(
    tx,
    [guardian, athlete].map((p) => ({ id: p.id, organizationId: p.organizationId, roles: [p.role] })),
    'guardians',
  );
}

async function athleteFor(app: FastifyInstance, actor: AppUser, athleteId: number) {
  const athlete = await findVisibleUser(app, actor, athleteId);
  requireManage(actor, athlete);
  if (athlete.role !== 'ATHLETE') throw badRequest('Guardians are linked to athletes');
  return athlete;
}

/** One primary guardian per athlete, the first one called: a new primary takes the mark from the others. */
async function onlyPrimary(tx: Db, athleteId: number, guardianId: number) {
  await tx
    .update(guardianLinks)
    .set({ isPrimary: false })
    .where(and(eq(guardianLinks.athleteId, athleteId), ne(guardianLinks.guardianId, guardianId)));
}

/** Links an existing guardian of the school, or adds a new one (invited by e-mail) and links them. */
export async function linkGuardian(app: FastifyInstance, actor: AppUser, athleteId: number, input: GuardianLinkInput) {
  const athlete = await athleteFor(app, actor, athleteId);
  const organizationId = athlete.organizationId as number;
  const { db } = app.database;
  const relationship = input.relationship ?? 'Guardian';
  if (input.guardianId) {
    const [guardian] = await db.select().from(users).where(eq(users.id, input.guardianId));
    if (!guardian || guardian.organizationId !== organizationId || guardian.status === 'DELETED')
      throw notFound('Guardian');
    if (guardian.role !== 'PARENT') throw badRequest('Only a guardian can be linked to an athlete');
    await inTransaction(db, async (tx, afterCommit) => {
      const inserted = await tx
        .insert(guardianLinks)
        .values({ guardianId: guardian.id, athleteId, relationship, isPrimary: input.isPrimary ?? false })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0)
        throw conflict(`${personName(guardian)} is already a guardian of ${personName(athlete)}`);
      if (input.isPrimary) await onlyPrimary(tx, athleteId, guardian.id);
      const reconciled = await guardiansChanged(tx, guardian, athlete);
      afterCommit(() => reconciled.emit(app.io));
      await recordAudit(tx, {
        organizationId,
        actorId: actor.id,
        action: 'user.guardian-link',
        entityType: 'user',
        entityId: athleteId,
        summary: `Linked ${personName(guardian)} as ${relationship.toLowerCase()} of ${personName(athlete)}`,
        after: { guardianId: guardian.id, name: personName(guardian), relationship },
      });
    });
    return guardian;
  }

  const input2 = input.guardian as NonNullable<GuardianLinkInput['guardian']>;
  const email = input2.email.trim().toLowerCase();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw conflict('Someone with this e-mail is already in Fieldhouse; search for them instead');
  const guardian = await inTransaction(db, async (tx, afterCommit) => {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        firstName: input2.firstName.trim(),
        lastName: input2.lastName.trim(),
        role: 'PARENT',
        contactNumber: input2.contactNumber ?? null,
        organizationId,
      })
      .returning();
    if (!row) throw new Error('guardian insert returned nothing');
    await tx
      .insert(userStatusEvents)
      .values({ userId: row.id, fromStatus: null, toStatus: 'ACTIVE', changedById: actor.id, reason: 'Added' });
    await tx
      .insert(guardianLinks)
      .values({ guardianId: row.id, athleteId, relationship, isPrimary: input.isPrimary ?? false });
    if (input.isPrimary) await onlyPrimary(tx, athleteId, row.id);
    const reconciled = await guardiansChanged(tx, row, athlete);
    afterCommit(() => reconciled.emit(app.io));
    await recordAudit(tx, {
      organizationId,
      actorId: actor.id,
      action: 'user.guardian-link',
      entityType: 'user',
      entityId: athleteId,
      summary: `Added ${personName(row)} as ${relationship.toLowerCase()} of ${personName(athlete)}`,
      after: { guardianId: row.id, name: personName(row), email, relationship },
    });
    return row;
  });
  // The sign-in account (and its invite) after the commit; without one the guardian is taken out again.
  try {
    return (await provisionSignIn(app, guardian)) ?? guardian;
  } catch (error) {
    await undoCreate(app, actor, guardian).catch((e: unknown) =>
      app.log.error({ err: e, userId: guardian.id }, 'guardian create: compensation failed'),
    );
    throw error;
  }
}

async function existingLink(app: FastifyInstance, athleteId: number, guardianId: number) {
  const [found] = await app.database.db
    .select({ link: guardianLinks, guardian: users })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianId))
    .where(and(eq(guardianLinks.athleteId, athleteId), eq(guardianLinks.guardianId, guardianId)));
  if (!found) throw notFound('Guardian link');
  return found;
}

export async function updateGuardianLink(
  app: FastifyInstance,
  actor: AppUser,
  athleteId: number,
  guardianId: number,
  patch: { relationship?: string | undefined; isPrimary?: boolean | undefined },
) {
  const athlete = await athleteFor(app, actor, athleteId);
  const { link, guardian } = await existingLink(app, athleteId, guardianId);
  await inTransaction(app.database.db, async (tx) => {
    if (patch.isPrimary) await onlyPrimary(tx, athleteId, guardianId);
    const values = {
      ...(patch.relationship !== undefined ? { relationship: patch.relationship } : {}),
      ...(patch.isPrimary !== undefined ? { isPrimary: patch.isPrimary } : {}),
    };
    if (Object.keys(values).length === 0) return;
    await tx
      .update(guardianLinks)
      .set(values)
      .where(and(eq(guardianLinks.athleteId, athleteId), eq(guardianLinks.guardianId, guardianId)));
    await recordAudit(tx, {
      organizationId: athlete.organizationId,
      actorId: actor.id,
      action: 'user.guardian-update',
      entityType: 'user',
      entityId: athleteId,
      summary: `Changed ${personName(guardian)}’s link to ${personName(athlete)}${patch.relationship ? ` (now ${patch.relationship.toLowerCase()})` : ''}`,
      before: { relationship: link.relationship, isPrimary: link.isPrimary },
      after: { relationship: patch.relationship ?? link.relationship, isPrimary: patch.isPrimary ?? link.isPrimary },
    });
  });
}

export async function unlinkGuardian(app: FastifyInstance, actor: AppUser, athleteId: number, guardianId: number) {
  const athlete = await athleteFor(app, actor, athleteId);
  const { link, guardian } = await existingLink(app, athleteId, guardianId);
  await inTransaction(app.database.db, async (tx, afterCommit) => {
    await tx
      .delete(guardianLinks)
      .where(and(eq(guardianLinks.athleteId, athleteId), eq(guardianLinks.guardianId, guardianId)));
    const reconciled = await guardiansChanged(tx, guardian, athlete);
    afterCommit(() => reconciled.emit(app.io));
    await recordAudit(tx, {
      organizationId: athlete.organizationId,
      actorId: actor.id,
      action: 'user.guardian-unlink',
      entityType: 'user',
      entityId: athleteId,
      summary: `Unlinked ${personName(guardian)} from ${personName(athlete)}`,
      before: { guardianId, name: personName(guardian), relationship: link.relationship },
    });
  });
}

/**
 * A new e-mail: the directory row first (its unique key decides), then the sign-in account
 * (which tells the old and new address); if the account cannot follow, the row goes back.
 */
export async function changeEmail(app: FastifyInstance, actor: AppUser, id: number, email: string) {
  const target = await findVisibleUser(app, actor, id);
  if (actor.id !== target.id) requireManage(actor, target);
  if (target.email === email) return target;
  const { db } = app.database;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw conflict('Someone with this e-mail is already in Fieldhouse');
  const updated = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ email })
      .where(eq(users.id, id))
      .returning()
      .catch((error: unknown) => {
        throw String((error as { cause?: { code?: string } }).cause?.code) === '23505'
          ? conflict('Someone with this e-mail is already in Fieldhouse')
          : error;
      });
    if (!row) throw notFound('User');
    await recordAudit(tx, {
      organizationId: target.organizationId,
      actorId: actor.id,
      action: 'user.email',
      entityType: 'user',
      entityId: id,
      summary: `Changed ${personName(target)}’s e-mail to ${email}`,
      before: { email: target.email },
      after: { email },
    });
    return row;
  });
  if (target.identitySub) {
    try {
      await app.identity.admin.changeEmail(target.identitySub, email);
    } catch (error) {
      await inTransaction(db, async (tx) => {
        await tx.update(users).set({ email: target.email }).where(eq(users.id, id));
        await recordAudit(tx, {
          organizationId: target.organizationId,
          actorId: actor.id,
          action: 'user.email.undone',
          entityType: 'user',
          entityId: id,
          summary: `Kept ${personName(target)}’s e-mail ${target.email}: the sign-in account could not change`,
          before: { email },
          after: { email: target.email },
        });
      }).catch((e: unknown) => app.log.error({ err: e, userId: id }, 'e-mail change: compensation failed'));
      throw error;
    }
  }
  return updated;
}
