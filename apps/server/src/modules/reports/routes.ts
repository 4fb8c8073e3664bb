/**
 * GET /reports/<name> (JSON; long ones paged in the SPEC §3 shape) and GET /reports/<name>.csv
 * (same filters, the whole result) for the organization's admins (decision 011).
 */
import {
  eventsReportQuerySchema,
  messagingReportQuerySchema,
  paginationInfo,
  participationReportQuerySchema,
  rosterReportQuerySchema,
  unansweredReportQuerySchema,
  usersReportQuerySchema,
} from '@fieldhouse/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { assertTeamInOrganization, type ReportContext, reportContext, resolveRange } from './common.ts';
import { eventsCsv, eventsReport, resolveMonthRange } from './events.ts';
import { firstResponse, messagesPerDay, messagingCsv, unansweredConversations, unansweredCsv } from './messaging.ts';
import { participationCsv, participationSummary, participationTeams } from './participation.ts';
import { rosterCsv, rosterReport } from './roster.ts';
import { usersCsv, usersReport } from './users-by-role.ts';

const ok = <T>(data: T) => ({ statusCode: 200, message: 'OK', data });

function sendCsv(reply: FastifyReply, ctx: ReportContext, name: string, body: string) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${date}.csv"`)
    .header('cache-control', 'no-store')
    .header('x-report-timezone', ctx.timezone)
    .send(body);
}

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  app.addHook('preHandler', app.authenticate);

  /** authenticate → authorize (admin of the organization) → the organization's report context. */
  const contextFor = async (
    request: FastifyRequest,
    query: { organizationId?: number | undefined; teamId?: number },
  ) => {
    const actor = requireAdmin(requireAuth(request).user);
    const ctx = await reportContext(app.database.db, resolveOrganization(actor, query.organizationId));
    await assertTeamInOrganization(ctx, query.teamId);
    return ctx;
  };

  app.get(
    '/reports/roster',
    {
      schema: {
        tags,
        summary: 'Roster by team: athletes with their guardians and contact (paged)',
        querystring: rosterReportQuerySchema,
      },
    },
    async (request) => {
      const ctx = await contextFor(request, request.query);
      const { page, limit } = request.query;
      const { result, totalCount } = await rosterReport(ctx, request.query, { page, limit });
      return ok({ result, paginationInfo: paginationInfo(page, limit, totalCount) });
    },
  );
  app.get(
    '/reports/roster.csv',
    { schema: { tags, summary: 'Roster by team as CSV (every row)', querystring: rosterReportQuerySchema } },
    async (request, reply) => {
      const ctx = await contextFor(request, request.query);
      return sendCsv(reply, ctx, 'roster', rosterCsv((await rosterReport(ctx, request.query, null)).result));
    },
  );

  app.get(
    '/reports/users',
    {
      schema: {
        tags,
        summary: 'Users by role and status (a count per role and status)',
        querystring: usersReportQuerySchema,
      },
    },
    async (request) => {
      const ctx = await contextFor(request, request.query);
      return ok({ result: await usersReport(ctx, request.query) });
    },
  );
  app.get(
    '/reports/users.csv',
    { schema: { tags, summary: 'Users by role and status as CSV', querystring: usersReportQuerySchema } },
    async (request, reply) => {
      const ctx = await contextFor(request, request.query);
      return sendCsv(reply, ctx, 'users-by-role', usersCsv(await usersReport(ctx, request.query)));
    },
  );

  app.get(
    '/reports/participation',
    {
      schema: {
        tags,
        summary: 'Teams with athlete and coach counts (paged), plus distinct athletes per sport and season (summary)',
        querystring: participationReportQuerySchema,
      },
    },
    async (request) => {
      const ctx = await contextFor(request, request.query);
      const { page, limit } = request.query;
      const [teams, summary] = await Promise.all([
        participationTeams(ctx, request.query, { page, limit }),
        participationSummary(ctx, request.query),
      ]);
      return ok({ result: teams.result, paginationInfo: paginationInfo(page, limit, teams.totalCount), summary });
    },
  );
  app.get(
    '/reports/participation.csv',
    {
      schema: {
        tags,
        summary: 'Teams and participation as CSV (every team)',
        querystring: participationReportQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = await contextFor(request, request.query);
      const { result } = await participationTeams(ctx, request.query, null);
      return sendCsv(reply, ctx, 'participation', participationCsv(result));
    },
  );

  app.get(
    '/reports/messaging',
    {
      schema: {
        tags,
        summary: 'Messages per day by group and median first-response times (default: the last 30 days)',
        querystring: messagingReportQuerySchema,
      },
    },
    async (request) => {
      const ctx = await contextFor(request, request.query);
      const range = resolveRange(ctx.timezone, request.query.from, request.query.to);
      const [days, responses] = await Promise.all([
        messagesPerDay(ctx, range, request.query.group),
        firstResponse(ctx, range, request.query.group),
      ]);
      return ok({ ...range, timezone: ctx.timezone, days, firstResponse: responses });
    },
  );
  app.get(
    '/reports/messaging.csv',
    { schema: { tags, summary: 'Messaging activity as CSV', querystring: messagingReportQuerySchema } },
    async (request, reply) => {
      const ctx = await contextFor(request, request.query);
      const range = resolveRange(ctx.timezone, request.query.from, request.query.to);
      const [days, responses] = await Promise.all([
        messagesPerDay(ctx, range, request.query.group),
        firstResponse(ctx, range, request.query.group),
      ]);
      return sendCsv(reply, ctx, 'messaging', messagingCsv(days, responses));
    },
  );

  app.get(
    '/reports/unanswered',
    {
      schema: {
        tags,
        summary: 'Direct conversations waiting for an admin’s reply, oldest first (paged)',
        querystring: unansweredReportQuerySchema,
      },
    },
    async (request) => {
      const ctx = await contextFor(request, request.query);
      const { page, limit, group } = request.query;
      const { result, totalCount } = await unansweredConversations(ctx, group, { page, limit });
      return ok({ result, paginationInfo: paginationInfo(page, limit, totalCount) });
    },
  );
  app.get(
    '/reports/unanswered.csv',
    { schema: { tags, summary: 'Unanswered conversations as CSV', querystring: unansweredReportQuerySchema } },
    async (request, reply) => {
      const ctx = await contextFor(request, request.query);
      const { result } = await unansweredConversations(ctx, request.query.group, null);
      return sendCsv(reply, ctx, 'unanswered', unansweredCsv(result));
    },
  );

  app.get(
    '/reports/events',
    {
      schema: {
        tags,
        summary: 'Calendar events by type and status per month (default: the last twelve months)',
        querystring: eventsReportQuerySchema,
      },
    },
    async (request) => {
      const ctx = await contextFor(request, request.query);
      const range = resolveMonthRange(ctx.timezone, request.query.from, request.query.to);
      return ok({ ...range, timezone: ctx.timezone, result: await eventsReport(ctx, request.query, range) });
    },
  );
  app.get(
    '/reports/events.csv',
    { schema: { tags, summary: 'Events by type and status per month as CSV', querystring: eventsReportQuerySchema } },
    async (request, reply) => {
      const ctx = await contextFor(request, request.query);
      const range = resolveMonthRange(ctx.timezone, request.query.from, request.query.to);
      return sendCsv(reply, ctx, 'events', eventsCsv(await eventsReport(ctx, request.query, range)));
    },
  );
};
