/**
 * Teams, rosters and coaching staff over REST. Each handler is thin: authenticate → validate
 * (zod) → authorize → the service (service.ts, one transaction per change) → presenter
 * (queries.ts shapes every answer).
 */
import {
  apiResponseSchema,
  coachRoleSchema,
  teamDetailSchema,
  teamInputSchema,
  teamSummarySchema,
  teamUpdateSchema,
} from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { teamDetail, teamSummaries } from './queries.ts';
import {
  addAthlete,
  addCoach,
  archiveTeam,
  createTeam,
  removeAthlete,
  removeCoach,
  updateTeam,
  visibleTeam,
} from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const memberParams = idParams.extend({ userId: z.coerce.number().int().positive() });
const ok = <T>(data: T, statusCode = 200, message = 'OK') => ({ statusCode, message, data });

/** One team's summary, as the list shows it. */
async function summaryOf(db: Db, teamId: number) {
  const [summary] = await teamSummaries(db, eq(teams.id, teamId));
  if (!summary) throw notFound('Team');
  return summary;
}

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['teams'];
  app.addHook('preHandler', app.authenticate);
  const orgQuery = z.object({ organizationId: z.coerce.number().int().positive().optional().catch(undefined) });
  const { db } = app.database;

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
      return ok(await teamSummaries(db, eq(teams.organizationId, organizationId)));
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
      const team = await visibleTeam(db, actor, request.params.id);
      const detail = await teamDetail(db, team.id);
      if (!detail) throw notFound('Team');
      return ok(detail);
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
      const { organizationId: requested, ...values } = request.body;
      const team = await createTeam(app, actor, resolveOrganization(actor, requested), values);
      return reply.code(201).send(ok(await summaryOf(db, team.id), 201, 'Team created'));
    },
  );

  app.patch(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Update a team',
        params: idParams,
        body: teamUpdateSchema,
        response: { 200: apiResponseSchema(teamSummarySchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const team = await updateTeam(app, actor, request.params.id, request.body);
      return ok(await summaryOf(db, team.id), 200, 'Team updated');
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
      await archiveTeam(app, requireAdmin(requireAuth(request).user), request.params.id);
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
      await addAthlete(app, requireAdmin(requireAuth(request).user), request.params.id, request.body);
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
      const { id, userId } = request.params;
      await removeAthlete(app, requireAdmin(requireAuth(request).user), id, userId);
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
      await addCoach(app, requireAdmin(requireAuth(request).user), request.params.id, request.body);
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
      const { id, userId } = request.params;
      await removeCoach(app, requireAdmin(requireAuth(request).user), id, userId);
      return ok(null, 200, 'Coach removed');
    },
  );
};
