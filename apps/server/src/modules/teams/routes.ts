import {
  apiResponseSchema,
  coachRoleSchema,
  SOCKET_EVENTS,
  teamDetailSchema,
  teamInputSchema,
  teamSummarySchema,
} from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coaches, sports, teamCoaches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { organizationRoom, teamRoom } from '../../realtime/rooms.ts';
import { recordAudit } from '../audit/record.ts';
import { changedFields, personName } from '../audit/snapshots.ts';
import { type AppUser, requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { teamDetail, teamSummaries } from './queries.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const memberParams = idParams.extend({ userId: z.coerce.number().int().positive() });
const ok = <T>(data: T, statusCode = 200, message = 'OK') => ({ statusCode, message, data });

/** The team if the actor may see it (same organization, or any for a SUPER_ADMIN); else 404. */
async function visibleTeam(app: FastifyInstance, actor: AppUser, id: number) {
  const [team] = await app.database.db.select().from(teams).where(eq(teams.id, id));
  if (!team || (actor.role !== 'SUPER_ADMIN' && team.organizationId !== actor.organizationId)) throw notFound('Team');
  return team;
}

async function sameOrganizationUser(app: FastifyInstance, organizationId: number, userId: number) {
  const [user] = await app.database.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.organizationId !== organizationId || user.status === 'DELETED') throw notFound('User');
  return user;
}

/** Tell the team's sockets that it changed, so open screens refresh (decision 003). */
const announce = async (app: FastifyInstance, teamId: number) => {
  const [team] = await app.database.db
    .select({ organizationId: teams.organizationId })
    .from(teams)
    .where(eq(teams.id, teamId));
  const rooms = [teamRoom(teamId), ...(team ? [organizationRoom(team.organizationId)] : [])];
  app.io.to(rooms).emit(SOCKET_EVENTS.teamUpdate, { teamId });
};

type TeamRow = typeof teams.$inferSelect;
const teamSnapshot = (t: TeamRow) => ({
  name: t.name,
  sportId: t.sportId,
  level: t.level,
  gender: t.gender,
  season: t.season,
  schoolYear: t.schoolYear,
  status: t.status,
});

/** One audit entry about a team (right after the change: these writes run without a transaction). */
const auditTeam = (
  app: FastifyInstance,
  actor: AppUser,
  team: TeamRow,
  action: string,
  summary: string,
  change: { before?: unknown; after?: unknown } = {},
) =>
  recordAudit(app.database.db, {
    organizationId: team.organizationId,
    actorId: actor.id,
    action,
    entityType: 'team',
    entityId: team.id,
    summary,
    ...change,
  });

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['teams'];
  app.addHook('preHandler', app.authenticate);
  const orgQuery = z.object({ organizationId: z.coerce.number().int().positive().optional().catch(undefined) });

  app.get(
    '/teams/list-organization-teams',
    {
      schema: {
        tags,
        summary: 'The organization’s teams with sport and counts (SPEC §7)',
        querystring: orgQuery,
        response: { 200: apiResponseSchema(z.array(teamSummarySchema)) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      return ok(await teamSummaries(app.database.db, eq(teams.organizationId, organizationId)));
    },
  );

  app.get(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'A team with roster, guardians and coaches',
        params: idParams,
        response: { 200: apiResponseSchema(teamDetailSchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const team = await visibleTeam(app, actor, request.params.id);
      return ok((await teamDetail(app.database.db, team.id)) as NonNullable<Awaited<ReturnType<typeof teamDetail>>>);
    },
  );

  app.post(
    '/teams',
    {
      schema: {
        tags,
        summary: 'Create a team',
        body: teamInputSchema,
        response: { 201: apiResponseSchema(teamSummarySchema) },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.body.organizationId);
      const [sport] = await app.database.db.select().from(sports).where(eq(sports.id, request.body.sportId));
      if (!sport) throw badRequest('sportId: no such sport');
      const { organizationId: _ignored, ...values } = request.body;
      const [team] = await app.database.db
        .insert(teams)
        .values({ ...values, organizationId })
        .returning();
      if (team) await auditTeam(app, actor, team, 'team.create', `Created ${team.name}`, { after: teamSnapshot(team) });
      const [summary] = await teamSummaries(app.database.db, eq(teams.id, team?.id as number));
      return reply.code(201).send(ok(summary as NonNullable<typeof summary>, 201, 'Team created'));
    },
  );

  app.patch(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Update a team',
        params: idParams,
        body: teamInputSchema.omit({ organizationId: true }).partial(),
        response: { 200: apiResponseSchema(teamSummarySchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const team = await visibleTeam(app, actor, request.params.id);
      if (request.body.sportId) {
        const [sport] = await app.database.db.select().from(sports).where(eq(sports.id, request.body.sportId));
        if (!sport) throw badRequest('sportId: no such sport');
      }
      const [updated] = await app.database.db.update(teams).set(request.body).where(eq(teams.id, team.id)).returning();
      const diff = updated ? changedFields(teamSnapshot(team), teamSnapshot(updated)) : null;
      if (updated && diff) {
        await auditTeam(
          app,
          actor,
          updated,
          'team.update',
          `Updated ${updated.name} (${Object.keys(diff.after).join(', ')})`,
          diff,
        );
      }
      await announce(app, team.id);
      const [summary] = await teamSummaries(app.database.db, eq(teams.id, team.id));
      return ok(summary as NonNullable<typeof summary>, 200, 'Team updated');
    },
  );

  app.delete(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Archive a team (teams are never hard-deleted)',
        params: idParams,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const team = await visibleTeam(app, actor, request.params.id);
      await app.database.db.update(teams).set({ status: 'ARCHIVED' }).where(eq(teams.id, team.id));
      await auditTeam(app, actor, team, 'team.delete', `Archived ${team.name}`, {
        before: { status: team.status },
        after: { status: 'ARCHIVED' },
      });
      await announce(app, team.id);
      return ok(null, 200, 'Team archived');
    },
  );

  app.post(
    '/teams/:id/members',
    {
      schema: {
        tags,
        summary: 'Add an athlete to the roster',
        params: idParams,
        body: z.object({
          userId: z.number().int().positive(),
          jerseyNumber: z.string().trim().max(4).optional(),
          position: z.string().trim().max(60).optional(),
        }),
        response: { 201: apiResponseSchema(z.null()) },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(requireAuth(request).user);
      const team = await visibleTeam(app, actor, request.params.id);
      const user = await sameOrganizationUser(app, team.organizationId, request.body.userId);
      if (user.role !== 'ATHLETE') throw badRequest('userId: only athletes join a roster; add coaches as coaches');
      const inserted = await app.database.db
        .insert(teamMembers)
        .values({
          teamId: team.id,
          userId: user.id,
          jerseyNumber: request.body.jerseyNumber,
          position: request.body.position,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw conflict('This athlete is already on the team');
      await auditTeam(app, actor, team, 'team.member-add', `Added ${personName(user)} to ${team.name}`, {
        after: { userId: user.id, name: personName(user), jerseyNumber: request.body.jerseyNumber ?? null },
      });
      await announce(app, team.id);
      return reply.code(201).send(ok(null, 201, 'Athlete added'));
    },
  );

  app.delete(
    '/teams/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove an athlete from the roster',
        params: memberParams,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const team = await visibleTeam(app, actor, request.params.id);
      const removed = await app.database.db
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, request.params.userId)))
        .returning();
      if (removed.length === 0) throw notFound('Roster entry');
      const [member] = await app.database.db.select().from(users).where(eq(users.id, request.params.userId));
      const name = member ? personName(member) : `user ${request.params.userId}`;
      await auditTeam(app, actor, team, 'team.member-remove', `Removed ${name} from ${team.name}`, {
        before: { userId: request.params.userId, name, jerseyNumber: removed[0]?.jerseyNumber ?? null },
      });
      await announce(app, team.id);
      return ok(null, 200, 'Athlete removed');
    },
  );

  app.post(
    '/teams/:id/coaches',
    {
      schema: {
        tags,
        summary: 'Add a coach (head or assistant)',
        params: idParams,
        body: z.object({ userId: z.number().int().positive(), role: coachRoleSchema.default('ASSISTANT') }),
        response: { 201: apiResponseSchema(z.null()) },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(requireAuth(request).user);
      const team = await visibleTeam(app, actor, request.params.id);
      const user = await sameOrganizationUser(app, team.organizationId, request.body.userId);
      if (user.role !== 'COACH') throw badRequest('userId: only coaches coach a team');
      const { db } = app.database;
      const [coach] = (await db.select().from(coaches).where(eq(coaches.userId, user.id))).length
        ? await db.select().from(coaches).where(eq(coaches.userId, user.id))
        : await db.insert(coaches).values({ userId: user.id }).returning();
      const inserted = await db
        .insert(teamCoaches)
        .values({ coachId: coach?.id as number, teamId: team.id, role: request.body.role })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw conflict('This coach already coaches the team');
      await auditTeam(app, actor, team, 'team.coach-add', `Added coach ${personName(user)} to ${team.name}`, {
        after: { userId: user.id, name: personName(user), role: request.body.role },
      });
      await announce(app, team.id);
      return reply.code(201).send(ok(null, 201, 'Coach added'));
    },
  );

  app.delete(
    '/teams/:id/coaches/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a coach from the team',
        params: memberParams,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const team = await visibleTeam(app, actor, request.params.id);
      const [coach] = await app.database.db.select().from(coaches).where(eq(coaches.userId, request.params.userId));
      const removed = coach
        ? await app.database.db
            .delete(teamCoaches)
            .where(and(eq(teamCoaches.teamId, team.id), eq(teamCoaches.coachId, coach.id)))
            .returning()
        : [];
      if (removed.length === 0) throw notFound('Coach on this team');
      const [coachUser] = await app.database.db.select().from(users).where(eq(users.id, request.params.userId));
      const coachName = coachUser ? personName(coachUser) : `user ${request.params.userId}`;
      await auditTeam(app, actor, team, 'team.coach-remove', `Removed coach ${coachName} from ${team.name}`, {
        before: { userId: request.params.userId, name: coachName, role: removed[0]?.role ?? null },
      });
      await announce(app, team.id);
      return ok(null, 200, 'Coach removed');
    },
  );
};
