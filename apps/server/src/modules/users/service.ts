/**
 * Changes to people, keeping the app's user and the identity account consistent: the directory
 * rows commit first, then the account is created (which mails the temporary password), and the
 * rows are removed again if that fails; status changes switch sign-in on or off and end open
 * sockets. Socket events go out after the commit (decision 017).
 */
import {
  ADMIN_ROLES,
  isAdminRole,
  SOCKET_EVENTS,
  type UserCreateInput,
  type UserUpdateInput,
  type userCreateSchema,
} from '@fieldhouse/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  coaches,
  guardianLinks,
  safeguardingContacts,
  teamCoaches,
  teamMembers,
  teams,
  userStatusEvents,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { userRoom } from '../../realtime/rooms.ts';
import { recordAudit } from '../audit/record.ts';
import { changedFields, personName, roleLabel, userSnapshot } from '../audit/snapshots.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { canGrant, canManage, resolveOrganization } from '../auth/policies.ts';
import { staffAgeProblem } from '../safeguarding/plan.ts';
import { reconcilePeople } from '../safeguarding/reconcile.ts';
import { leaveFamilyForRole, leaveTeamsForRole } from './role-teams.ts';
import { provisionSignIn } from './sign-in-account.ts';

type CreateInput = z.output<typeof userCreateSchema>;

/** A user the actor may see: same organization (any, for a SUPER_ADMIN); others are 404. */
function visibleTo(actor: AppUser, user: AppUser | undefined): AppUser {
  if (!user || user.status === 'DELETED') throw notFound('User');
  if (actor.role !== 'SUPER_ADMIN' && user.organizationId !== actor.organizationId) throw notFound('User');
  return user;
}

export async function findVisibleUser(app: FastifyInstance, actor: AppUser, id: number): Promise<AppUser> {
  const [user] = await app.database.db.select().from(users).where(eq(users.id, id));
  return visibleTo(actor, user);
}

export function requireManage(actor: AppUser, target: AppUser) {
  if (!canManage(actor, target)) throw forbidden('You cannot change this user');
}

export async function checkTeams(app: FastifyInstance, organizationId: number, teamIds: number[]) {
  if (teamIds.length === 0) return;
  const found = await app.database.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(inArray(teams.id, teamIds), eq(teams.organizationId, organizationId)));
  if (found.length !== new Set(teamIds).size) throw badRequest('teamIds: a team does not exist in this organization');
}

async function checkLinkedUsers(app: FastifyInstance, organizationId: number, role: string, ids: number[]) {
  if (ids.length === 0) return;
  const wanted = role === 'PARENT' ? 'ATHLETE' : role === 'ATHLETE' ? 'PARENT' : null;
  if (!wanted) throw badRequest('linkedUserIds: only guardians and athletes are linked to each other');
  const found = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        eq(users.organizationId, organizationId),
        eq(users.role, wanted),
        ne(users.status, 'DELETED'),
      ),
    );
  if (found.length !== new Set(ids).size) {
    throw badRequest(
      `linkedUserIds: every linked person must be an ${wanted === 'ATHLETE' ? 'athlete' : 'guardian'} in this organization`,
    );
  }
}

export async function createUser(app: FastifyInstance, actor: AppUser, input: CreateInput): Promise<AppUser> {
  const organizationId = resolveOrganization(actor, input.organizationId);
  if (!canGrant(actor, input.role)) throw forbidden(`You cannot give the role ${input.role}`);
  const tooYoung = staffAgeProblem(input.role, input.dateOfBirth);
  if (tooYoung) throw badRequest(`role: ${tooYoung}`, 'staff_under_18');
  const { db } = app.database;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict('A user with this e-mail already exists');
  // As on every other roster path: a parent or staff member on a roster would sit in a team's room beside minors.
  if (input.teamIds.length && input.role !== 'ATHLETE' && input.role !== 'COACH')
    throw badRequest('teamIds: only athletes and coaches are on teams');
  await checkTeams(app, organizationId, input.teamIds);
  await checkLinkedUsers(app, organizationId, input.role, input.linkedUserIds);

  // The directory first: nobody is mailed a password for a person the database refused.
  const user = await inTransaction(db, async (tx, afterCommit) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName ?? null,
        role: input.role,
        contactNumber: input.contactNumber ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        graduationYear: input.graduationYear ?? null,
        bio: input.bio ?? null,
        organizationId,
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    await tx
      .insert(userStatusEvents)
      .values({ userId: user.id, fromStatus: null, toStatus: 'ACTIVE', changedById: actor.id, reason: 'Added' });
    if (input.role === 'COACH') {
      const [coach] = await tx.insert(coaches).values({ userId: user.id }).returning();
      if (coach && input.teamIds.length) {
        await tx
          .insert(teamCoaches)
          .values(input.teamIds.map((teamId) => ({ coachId: coach.id, teamId, role: input.coachRole })));
      }
    } else if (input.teamIds.length) {
      await tx.insert(teamMembers).values(input.teamIds.map((teamId) => ({ teamId, userId: user.id })));
    }
    if (input.linkedUserIds.length) {
      await tx
        .insert(guardianLinks)
        .values(
          input.linkedUserIds.map((other, i) =>
            input.role === 'PARENT'
              ? { guardianId: user.id, athleteId: other, isPrimary: false }
              : { guardianId: other, athleteId: user.id, isPrimary: i === 0 },
          ),
        );
    }
    await recordAudit(tx, {
      organizationId,
      actorId: actor.id,
      action: 'user.create',
      entityType: 'user',
      entityId: user.id,
      summary: `Added ${personName(user)} as ${roleLabel(user.role)}`,
      after: { ...userSnapshot(user), teamIds: input.teamIds, linkedUserIds: input.linkedUserIds },
    });
    // Their teams' rooms, and the rooms of the athletes they guard, take them in (decision 018).
    const reconciled = await reconcilePeople(
      tx,
      [{ id: user.id, organizationId, roles: [user.role] }],
      'person-created',
    );
    afterCommit(() => reconciled.emit(app.io));
    return user;
  });

  // Then the sign-in account, which sends the invite. If it cannot be made, the person is taken
  // out of the directory again (their memberships and links cascade), with an audit entry saying why.
  try {
    return (await provisionSignIn(app, user)) ?? user;
  } catch (error) {
    await undoCreate(app, actor, user).catch((e: unknown) =>
      app.log.error({ err: e, userId: user.id }, 'user create: compensation failed'),
    );
    throw error;
  }
}

/** Compensation for a user whose sign-in account could not be created: the rows go, the audit log says so. */
export async function undoCreate(app: FastifyInstance, actor: AppUser, user: AppUser) {
  await inTransaction(app.database.db, async (tx) => {
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, {
      organizationId: user.organizationId,
      actorId: actor.id,
      action: 'user.create.undone',
      entityType: 'user',
      entityId: user.id,
      summary: `Removed ${personName(user)} again: the sign-in account could not be created`,
      before: userSnapshot(user),
    });
  });
}

export async function updateUser(
  app: FastifyInstance,
  actor: AppUser,
  id: number,
  input: UserUpdateInput,
): Promise<AppUser> {
  return inTransaction(app.database.db, async (tx, afterCommit) => {
    // Checked on the locked row: a parallel change (a role, a date of birth) waits and is then
    // checked against this one's result, so two changes each fine alone cannot make a coach of 14.
    // NO KEY UPDATE, as the UPDATE itself takes: the key-share lock of a row pointing at this
    // person (their message, a room membership) does not wait for it, so a send or a room being
    // opened cannot deadlock with the reconcile below.
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
    const target = visibleTo(actor, row);
    if (actor.id !== target.id) requireManage(actor, target);
    if (Object.values(input).every((value) => value === undefined))
      throw badRequest('Send at least one field to change', 'empty_patch');
    if (input.role && input.role !== target.role) {
      if (actor.id === target.id) throw forbidden('You cannot change your own role');
      if (!canGrant(actor, input.role)) throw forbidden(`You cannot give the role ${input.role}`);
    }
    const tooYoung = staffAgeProblem(
      input.role ?? target.role,
      input.dateOfBirth === undefined ? target.dateOfBirth : input.dateOfBirth,
      { was: target.role },
    );
    if (tooYoung) throw badRequest(`${input.role ? 'role' : 'dateOfBirth'}: ${tooYoung}`, 'staff_under_18');
    const [updated] = await tx.update(users).set(input).where(eq(users.id, id)).returning();
    if (!updated) throw notFound('User');
    const roleChanged = updated.role !== target.role;
    if (roleChanged || updated.dateOfBirth !== target.dateOfBirth) {
      // Only administrators are safeguarding contacts.
      if (roleChanged && !isAdminRole(updated.role))
        await tx.delete(safeguardingContacts).where(eq(safeguardingContacts.userId, id));
      if (roleChanged) {
        const teamsLeft = await leaveTeamsForRole(tx, actor, updated, target.role);
        afterCommit(() => teamsLeft.emit(app.io));
        await leaveFamilyForRole(tx, actor, updated, target.role);
      }
      const reconciled = await reconcilePeople(
        tx,
        [{ id, organizationId: updated.organizationId, roles: [target.role, updated.role] }],
        roleChanged ? 'role' : 'profile',
      );
      afterCommit(() => reconciled.emit(app.io));
      // Open sockets stop acting on the old role at once (issue #15 case 7).
      if (roleChanged) afterCommit(() => app.freshUsers.changed([id]));
    }
    const diff = changedFields(userSnapshot(target), userSnapshot(updated));
    if (diff) {
      await recordAudit(tx, {
        organizationId: updated.organizationId,
        actorId: actor.id,
        action: 'user.update',
        entityType: 'user',
        entityId: id,
        summary: `Updated ${personName(updated)} (${Object.keys(diff.after).join(', ')})`,
        ...diff,
      });
    }
    return updated;
  });
}

/** ACTIVE, INACTIVE or SUSPENDED; sign-in follows, and a user switched off is disconnected at once. */
export async function changeStatus(
  app: FastifyInstance,
  actor: AppUser,
  id: number,
  status: 'ACTIVE' | 'INACTIVE' | 'SUSPENDED',
  reason?: string,
) {
  const target = await findVisibleUser(app, actor, id);
  if (actor.id === target.id) throw forbidden('You cannot change your own status');
  requireManage(actor, target);
  const updated = await inTransaction(app.database.db, async (tx, afterCommit) => {
    const [row] = await tx.update(users).set({ status }).where(eq(users.id, id)).returning();
    afterCommit(() => announceStatus(app, target, status));
    // A suspended guardian or contact no longer counts as someone who sees the conversation.
    const reconciled = await reconcilePeople(
      tx,
      [{ id, organizationId: target.organizationId, roles: [target.role] }],
      'status',
    );
    afterCommit(() => reconciled.emit(app.io));
    if (target.status !== status) {
      await tx.insert(userStatusEvents).values({
        userId: id,
        fromStatus: target.status,
        toStatus: status,
        changedById: actor.id,
        reason: reason ?? null,
      });
      const verb = status === 'ACTIVE' ? 'Reactivated' : status === 'SUSPENDED' ? 'Suspended' : 'Deactivated';
      await recordAudit(tx, {
        organizationId: target.organizationId,
        actorId: actor.id,
        action: 'user.status',
        entityType: 'user',
        entityId: id,
        summary: `${verb} ${personName(target)}`,
        before: { status: target.status },
        after: { status },
        reason: reason ?? null,
      });
    }
    return row;
  });
  if (target.identitySub) {
    if (status === 'ACTIVE') await app.identity.admin.enableUser(target.identitySub);
    else await app.identity.admin.disableUser(target.identitySub);
  }
  return updated as AppUser;
}

/**
 * After the commit: a person switched off loses their sockets; the school's administrators hear
 * of the change (only the admin web app shows it). Athletes and families are not told who was
 * suspended, so it goes to each administrator's own channel, read from the rows, not the org's.
 */
async function announceStatus(app: FastifyInstance, target: AppUser, status: AppUser['status']) {
  if (status !== 'ACTIVE') app.io.in(userRoom(target.id)).disconnectSockets(true);
  if (!target.organizationId) return;
  const admins = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, target.organizationId),
        inArray(users.role, [...ADMIN_ROLES]),
        eq(users.status, 'ACTIVE'),
      ),
    );
  if (admins.length === 0) return;
  app.io.to(admins.map((a) => userRoom(a.id))).emit(SOCKET_EVENTS.userStatusChange, { userId: target.id, status });
}

/** Marks DELETED and switches sign-in off; nothing is hard-deleted. */
export async function deleteUser(app: FastifyInstance, actor: AppUser, id: number) {
  const target = await findVisibleUser(app, actor, id);
  if (actor.id === target.id) throw forbidden('You cannot delete yourself');
  requireManage(actor, target);
  await inTransaction(app.database.db, async (tx, afterCommit) => {
    await tx.update(users).set({ status: 'DELETED' }).where(eq(users.id, id));
    afterCommit(() => announceStatus(app, target, 'DELETED'));
    await tx.delete(safeguardingContacts).where(eq(safeguardingContacts.userId, id));
    const reconciled = await reconcilePeople(
      tx,
      [{ id, organizationId: target.organizationId, roles: [target.role] }],
      'deletion',
    );
    afterCommit(() => reconciled.emit(app.io));
    await tx
      .insert(userStatusEvents)
      .values({ userId: id, fromStatus: target.status, toStatus: 'DELETED', changedById: actor.id });
    await recordAudit(tx, {
      organizationId: target.organizationId,
      actorId: actor.id,
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
      summary: `Deleted ${personName(target)}`,
      before: userSnapshot(target),
      after: { status: 'DELETED' },
    });
  });
  if (target.identitySub) await app.identity.admin.disableUser(target.identitySub);
}

/**
 * A new temporary password and invite. Someone without a sign-in account yet (a roster import
 * whose account creation failed after the commit) gets one now, which sends the invite.
 */
export async function resendInvite(app: FastifyInstance, actor: AppUser, id: number) {
  const target = await findVisibleUser(app, actor, id);
  requireManage(actor, target);
  if (target.identitySub) await app.identity.admin.resendInvite(target.identitySub);
  else await provisionSignIn(app, target);
  await inTransaction(app.database.db, (tx) =>
    recordAudit(tx, {
      organizationId: target.organizationId,
      actorId: actor.id,
      action: 'user.invite',
      entityType: 'user',
      entityId: id,
      summary: `${target.identitySub ? 'Resent' : 'Sent'} the invite to ${personName(target)}`,
      after: { email: target.email },
    }),
  );
}

export type { UserCreateInput };
