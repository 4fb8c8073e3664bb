/**
 * The member app's own reads under /api/me (decision 021): a coach's, athlete's or guardian's
 * teams and schedule (admin roles get 403: they have the admin app), and the conversations and
 * unread totals of any signed-in, active person (admin roles list their own rooms). The
 * person's school only.
 */
import {
  apiResponseSchema,
  CALENDAR_LIMITS,
  memberConversationSchema,
  memberListQuerySchema,
  memberScheduleQuerySchema,
  memberScheduleSchema,
  memberTeamSchema,
  memberUnreadSchema,
  pagedResponseSchema,
  paginationInfo,
} from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../errors.ts';
import { type AppUser, requireAuth } from '../auth/authenticate.ts';
import { listConversations } from './conversations.ts';
import { memberSchedule } from './schedule.ts';
import { memberTeams, requireMember } from './teams.ts';
import { unreadTotals } from './unread.ts';

const ok = <T>(data: T) => ({ statusCode: 200, message: 'OK', data });

/** Any role, as long as the account is active (a suspended one is refused, as for the contacts). */
function requireActive(user: AppUser): AppUser {
  if (user.status !== 'ACTIVE') throw forbidden('Your account is not active', 'account_inactive');
  return user;
}

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

  app.get(
    '/me/conversations',
    {
      schema: {
        tags,
        summary: 'The conversations I am in, newest message first, with unread counts (search with q), paged',
        querystring: memberListQuerySchema,
        response: { 200: pagedResponseSchema(memberConversationSchema) },
      },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      const { q, search, page, limit } = request.query;
      const { result, totalCount } = await listConversations(app.database.db, user, q || search, page, limit);
      return ok({ result, paginationInfo: paginationInfo(page, limit, totalCount) });
    },
  );

  app.get(
    '/me/unread',
    {
      schema: {
        tags,
        summary: 'My unread rooms and messages over every conversation I am in (muted ones count)',
        response: { 200: apiResponseSchema(memberUnreadSchema) },
      },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      return ok(await unreadTotals(app.database.db, user));
    },
  );
};
