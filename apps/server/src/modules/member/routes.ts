/**
 * The member app's own reads under /api/me (decision 021): a coach's, athlete's or guardian's
 * teams and schedule. Admin roles get 403 (they have the admin app); the person's school only.
 */
import {
  apiResponseSchema,
  CALENDAR_LIMITS,
  memberScheduleQuerySchema,
  memberScheduleSchema,
  memberTeamSchema,
} from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { memberSchedule } from './schedule.ts';
import { memberTeams, requireMember } from './teams.ts';

const ok = <T>(data: T) => ({ statusCode: 200, message: 'OK', data });

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['member'];
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/me/teams',
    {
      schema: {
        tags,
        summary: 'The teams a coach coaches, an athlete plays on, or a guardian’s children play on',
        response: { 200: apiResponseSchema(z.array(memberTeamSchema)) },
      },
    },
    async (request) => {
      const user = requireMember(requireAuth(request).user);
      return ok(await memberTeams(app.database.db, user));
    },
  );

  app.get(
    '/me/schedule',
    {
      schema: {
        tags,
        summary: 'My teams’ events and the school-wide ones in a range, with my availability answers',
        querystring: memberScheduleQuerySchema,
        response: { 200: apiResponseSchema(memberScheduleSchema) },
      },
    },
    async (request) => {
      const user = requireMember(requireAuth(request).user);
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (to <= from) throw badRequest('to must be after from');
      if (to.getTime() - from.getTime() > CALENDAR_LIMITS.maxRangeDays * 86_400_000) {
        throw badRequest(`A range spans at most ${CALENDAR_LIMITS.maxRangeDays} days`);
      }
      const db = app.database.db;
      const teams = await memberTeams(db, user);
      return ok(await memberSchedule(db, user.organizationId, teams, from, to));
    },
  );
};
