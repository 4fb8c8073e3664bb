/**
 * Changes to people, keeping the app's user and the identity account consistent: the account
 * is created first and removed again if the database part fails; status changes switch sign-in
 * on or off and end open sockets.
 */
import { SOCKET_EVENTS, type UserCreateInput, type UserUpdateInput, type userCreateSchema } from '@fieldhouse/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  coaches,
  guardianLinks,
  teamCoaches,
  teamMembers,
  teams,
  userStatusEvents,
  users,
} from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { organizationRoom, userRoom } from '../../realtime/rooms.ts';
import { recordAudit } from '../audit/record.ts';
import { changedFields, personName, roleLabel, userSnapshot } from '../audit/snapshots.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { canGrant, canManage, resolveOrganization } from '../auth/policies.ts';

type CreateInput = z.output<typeof userCreateSchema>;

/** A user the actor may see: same organization (any, for a SUPER_ADMIN); others are 404. */
export async function findVisibleUser(app: FastifyInstance, actor: AppUser, id: number): Promise<AppUser> {
  const [user] = await app.database.db.select().from(users).where(eq(users.id, id));
  if (!user || user.status === 'DELETED') throw notFound('User');
  if (actor.role !== 'SUPER_ADMIN' && user.organizationId !== actor.organizationId) throw notFound('User');
  return user;
}

function requireManage(actor: AppUser, target: AppUser) {
  if (!canManage(actor, target)) throw forbidden('You cannot change this user');
}

async function checkTeams(app: FastifyInstance, organizationId: number, teamIds: number[]) {
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
  const { db } = app.database;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict('A user with this e-mail already exists');
  await checkTeams(app, organizationId, input.teamIds);
  await checkLinkedUsers(app, organizationId, input.role, input.linkedUserIds);

  const { sub } = await app.identity.admin.createUser({
    email: input.email,
    givenName: input.firstName,
    familyName: input.lastName ?? undefined,
  });
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName ?? null,
          role: input.role,
          contactNumber: input.contactNumber ?? null,
          dateOfBirth: input.dateOfBirth ?? null,
          bio: input.bio ?? null,
          organizationId,
          identitySub: sub,
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
      return user;
    });
  } catch (error) {
    // Keep both sides consistent: no sign-in account without its user.
    await app.identity.admin
      .deleteUser(sub)
      .catch((e: unknown) => app.log.error({ err: e, sub }, 'compensation failed'));
    throw error;
  }
}

export async function updateUser(
  app: FastifyInstance,
  actor: AppUser,
  id: number,
  input: UserUpdateInput,
): Promise<AppUser> {
  const target = await findVisibleUser(app, actor, id);
  if (actor.id !== target.id) requireManage(actor, target);
  if (input.role && input.role !== target.role) {
    if (actor.id === target.id) throw forbidden('You cannot change your own role');
    if (!canGrant(actor, input.role)) throw forbidden(`You cannot give the role ${input.role}`);
  }
  return app.database.db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set(input).where(eq(users.id, id)).returning();
    if (!updated) throw notFound('User');
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
  const updated = await app.database.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ status }).where(eq(users.id, id)).returning();
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
  if (status !== 'ACTIVE') app.io.in(userRoom(id)).disconnectSockets(true);
  if (target.organizationId) {
    app.io.to(organizationRoom(target.organizationId)).emit(SOCKET_EVENTS.userStatusChange, { userId: id, status });
  }
  return updated as AppUser;
}

/** Marks DELETED and switches sign-in off; nothing is hard-deleted. */
export async function deleteUser(app: FastifyInstance, actor: AppUser, id: number) {
  const target = await findVisibleUser(app, actor, id);
  if (actor.id === target.id) throw forbidden('You cannot delete yourself');
  requireManage(actor, target);
  await app.database.db.transaction(async (tx) => {
    await tx.update(users).set({ status: 'DELETED' }).where(eq(users.id, id));
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
  app.io.in(userRoom(id)).disconnectSockets(true);
  if (target.organizationId) {
    app.io
      .to(organizationRoom(target.organizationId))
      .emit(SOCKET_EVENTS.userStatusChange, { userId: id, status: 'DELETED' });
  }
}

export async function resendInvite(app: FastifyInstance, actor: AppUser, id: number) {
  const target = await findVisibleUser(app, actor, id);
  requireManage(actor, target);
  if (!target.identitySub) throw badRequest('This user has no sign-in account');
  await app.identity.admin.resendInvite(target.identitySub);
  await recordAudit(app.database.db, {
    organizationId: target.organizationId,
    actorId: actor.id,
    action: 'user.invite',
    entityType: 'user',
    entityId: id,
    summary: `Resent the invite to ${personName(target)}`,
    after: { email: target.email },
  });
}

export type { UserCreateInput };
