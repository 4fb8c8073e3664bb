/**
 * GET /reports/<name> (JSON; long ones paged in the SPEC §3 shape) and GET /reports/<name>.csv
 * (same filters, the whole result) for the organization's admins (decision 011).
 */
import {
  availabilityReportQuerySchema,
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
import type { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { availabilityCsv, availabilityReport, resolveAvailabilityRange } from './availability.ts';
import { assertTeamInOrganization, type ReportContext, reportContext, resolveRange, todayIn } from './common.ts';
import { eventsCsv, eventsReport, resolveMonthRange } from './events.ts';
import { firstResponse, messagesPerDay, messagingCsv, unansweredConversations, unansweredCsv } from './messaging.ts';
import {
  participationCsv,
  participationSchoolYear,
  participationSummary,
  participationTeams,
  participationTotals,
} from './participation.ts';
import { rosterCsv, rosterReport } from './roster.ts';
import { usersCsv, usersReport } from './users-by-role.ts';

const ok = <T>(data: T) => ({ statusCode: 200, message: 'OK', data });
type ReportQuery = { organizationId?: number | undefined; teamId?: number };

function sendCsv(reply: FastifyReply, ctx: ReportContext, name: string, body: string) {
  // The school's day, as in the file's rows: after 6 PM in Chicago, UTC is already tomorrow.
  const date = todayIn(ctx.timezone);
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
  const contextFor = async (request: FastifyRequest, query: ReportQuery) => {
    const actor = requireAdmin(requireAuth(request).user);
    const ctx = await reportContext(app.database.db, resolveOrganization(actor, query.organizationId));
    await assertTeamInOrganization(ctx, query.teamId);
    return ctx;
  };

  /** GET /reports/<name> (JSON) and GET /reports/<name>.csv: the same filters and authorization. */
  function report<Q extends ReportQuery>(
    name: string,
    querystring: z.ZodType<Q>,
    json: { summary: string; data: (ctx: ReportContext, query: Q) => Promise<unknown> },
    csv: { summary: string; fileName: string; body: (ctx: ReportContext, query: Q) => Promise<string> },
  ) {
    app.get(`/reports/${name}`, { schema: { tags, summary: json.summary, querystring } }, async (request) => {
      const query = request.query as Q;
      return ok(await json.data(await contextFor(request, query), query));
    });
    app.get(`/reports/${name}.csv`, { schema: { tags, summary: csv.summary, querystring } }, async (request, reply) => {
      const query = request.query as Q;
      const ctx = await contextFor(request, query);
      return sendCsv(reply, ctx, csv.fileName, await csv.body(ctx, query));
    });
  }

  report(
    'roster',
    rosterReportQuerySchema,
    {
      summary: 'Roster by team: athletes with their guardians and contact (paged)',
      data: async (ctx, query) => {
        const { page, limit } = query;
        const { result, totalCount } = await rosterReport(ctx, query, { page, limit });
        return { result, paginationInfo: paginationInfo(page, limit, totalCount) };
      },
    },
    {
      summary: 'Roster by team as CSV (every row)',
      fileName: 'roster',
      body: async (ctx, query) => rosterCsv((await rosterReport(ctx, query, null)).result),
    },
  );

  report(
    'users',
    usersReportQuerySchema,
    {
      summary: 'Users by role and status (a count per role and status)',
      data: async (ctx, query) => ({ result: await usersReport(ctx, query) }),
    },
    {
      summary: 'Users by role and status as CSV',
      fileName: 'users-by-role',
      body: async (ctx, query) => usersCsv(await usersReport(ctx, query)),
    },
  );

  report(
    'participation',
    participationReportQuerySchema,
    {
      summary:
        'Teams of one school year (default: the current one) with athlete and coach counts (paged), distinct athletes per sport and season (summary), and unduplicated totals by gender and level (totals)',
      data: async (ctx, query) => {
        const { page, limit } = query;
        const [teams, summary, totals] = await Promise.all([
          participationTeams(ctx, query, { page, limit }),
          participationSummary(ctx, query),
          participationTotals(ctx, query),
        ]);
        return {
          schoolYear: participationSchoolYear(ctx, query),
          result: teams.result,
          paginationInfo: paginationInfo(page, limit, teams.totalCount),
          summary,
          totals,
        };
      },
    },
    {
      summary: 'Teams and participation as CSV (every team)',
      fileName: 'participation',
      body: async (ctx, query) => {
        const [teams, totals] = await Promise.all([
          participationTeams(ctx, query, null),
          participationTotals(ctx, query),
        ]);
        return participationCsv(teams.result, totals);
      },
    },
  );

  const messaging = async (ctx: ReportContext, query: z.output<typeof messagingReportQuerySchema>) => {
    const range = resolveRange(ctx.timezone, query.from, query.to);
    const [days, responses] = await Promise.all([
      messagesPerDay(ctx, range, query.group),
      firstResponse(ctx, range, query.group),
    ]);
    return { range, days, responses };
  };
  report(
    'messaging',
    messagingReportQuerySchema,
    {
      summary: 'Messages per day by group and median first-response times (default: the last 30 days)',
      data: async (ctx, query) => {
        const { range, days, responses } = await messaging(ctx, query);
        return { ...range, timezone: ctx.timezone, days, firstResponse: responses };
      },
    },
    {
      summary: 'Messaging activity as CSV',
      fileName: 'messaging',
      body: async (ctx, query) => {
        const { days, responses } = await messaging(ctx, query);
        return messagingCsv(days, responses);
      },
    },
  );

  report(
    'unanswered',
    unansweredReportQuerySchema,
    {
      summary: 'Direct conversations waiting for an admin’s reply, oldest first (paged)',
      data: async (ctx, { page, limit, group }) => {
        const { result, totalCount } = await unansweredConversations(ctx, group, { page, limit });
        return { timezone: ctx.timezone, result, paginationInfo: paginationInfo(page, limit, totalCount) };
      },
    },
    {
      summary: 'Unanswered conversations as CSV',
      fileName: 'unanswered',
      body: async (ctx, query) =>
        unansweredCsv((await unansweredConversations(ctx, query.group, null)).result, ctx.timezone),
    },
  );

  report(
    'events',
    eventsReportQuerySchema,
    {
      summary: 'Calendar events by type and status per month (default: the last twelve months)',
      data: async (ctx, query) => {
        const range = resolveMonthRange(ctx.timezone, query.from, query.to);
        return { ...range, timezone: ctx.timezone, result: await eventsReport(ctx, query, range) };
      },
    },
    {
      summary: 'Events by type and status per month as CSV',
      fileName: 'events',
      body: async (ctx, query) =>
        eventsCsv(await eventsReport(ctx, query, resolveMonthRange(ctx.timezone, query.from, query.to))),
    },
  );

  report(
    'availability',
    availabilityReportQuerySchema,
    {
      summary: 'Team events with their roster’s availability answers (default: the next two weeks; paged)',
      data: async (ctx, query) => {
        const range = resolveAvailabilityRange(ctx.timezone, query.from, query.to);
        const { page, limit } = query;
        const { result, totalCount } = await availabilityReport(ctx, query, range, { page, limit });
        return { ...range, timezone: ctx.timezone, result, paginationInfo: paginationInfo(page, limit, totalCount) };
      },
    },
    {
      summary: 'Availability by event as CSV (every event of the range)',
      fileName: 'availability',
      body: async (ctx, query) => {
        const range = resolveAvailabilityRange(ctx.timezone, query.from, query.to);
        return availabilityCsv((await availabilityReport(ctx, query, range, null)).result, ctx.timezone);
      },
    },
  );
};
