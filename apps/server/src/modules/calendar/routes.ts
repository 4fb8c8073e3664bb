/**
 * Calendar REST under /api/calendar (decision 010): the four admin roles of the organization
 * (a SUPER_ADMIN of any, via organizationId); everyone else gets 403, other tenants' events 404.
 * The iCal feeds are public GETs by secret token (feed-routes.ts).
 */
import {
  apiResponseSchema,
  CALENDAR_LIMITS,
  calendarConflictSchema,
  calendarFeedSchema,
  calendarImportResultSchema,
  calendarImportRowsSchema,
  calendarListSchema,
  calendarOccurrenceSchema,
  calendarQuerySchema,
  conflictQuerySchema,
  eventDeleteQuerySchema,
  eventInputSchema,
  eventStatusChangeSchema,
  eventUpdateSchema,
  feedRotateSchema,
  IMPORT_CONFLICT_CHOICES,
  plural,
  type Recurrence,
  recurrenceSchema,
  toWallString,
} from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { facilityIdByName, findFacility } from '../facilities/service.ts';
import { contextFor, type Outcome } from './change.ts';
import { toInstants } from './event-input.ts';
import { listFeeds, renderOccurrences, rotateFeed } from './feeds.ts';
import { findConflicts, findEvent, listOccurrences, organizationZone } from './occurrences.ts';
import { expandSeries } from './recurrence.ts';
import { importSchedule, importScheduleRows, occurrencesToCsv } from './schedule-csv.ts';
import { changeStatus, createEvent, deleteEvent, presentEvent, updateEvent } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const organizationParam = z.coerce.number().int().positive().optional().catch(undefined);
const organizationQuery = z.object({ organizationId: organizationParam });
const ok = <T>(data: T, statusCode = 200, message = 'OK') => ({ statusCode, message, data });
const conflictResponse = apiResponseSchema(z.object({ conflicts: z.array(calendarConflictSchema) }));
const occurrenceResponse = apiResponseSchema(calendarOccurrenceSchema);

/** The acting admin and the organization the request acts in. */
async function actorContext(request: FastifyRequest, requested?: number | null) {
  const actor = requireAdmin(requireAuth(request).user);
  const organizationId = resolveOrganization(actor, requested ?? undefined);
  return contextFor(request.server, actor, organizationId);
}

/** Another organization's team is not there (decision 007): 404, never an empty answer. */
async function teamOfOrganization(db: Db, organizationId: number, teamId: number) {
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)));
  if (!team) throw notFound('Team');
}

function checkRange(from: Date, to: Date, maxDays: number) {
  if (to <= from) throw badRequest('to must be after from');
  if (to.getTime() - from.getTime() > maxDays * 86_400_000) throw badRequest(`A range spans at most ${maxDays} days`);
}

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calendar'];
  app.addHook('preHandler', app.authenticate);
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  /** The acting admin's context and the filtered occurrences of a range of at most maxDays. */
  async function occurrencesIn(request: FastifyRequest, query: z.output<typeof calendarQuerySchema>, maxDays: number) {
    const ctx = await actorContext(request, query.organizationId);
    if (query.teamId) await teamOfOrganization(app.database.db, ctx.organizationId, query.teamId);
    const from = new Date(query.from);
    const to = new Date(query.to);
    checkRange(from, to, maxDays);
    const occurrences = await listOccurrences(app.database.db, ctx.organizationId, ctx.timeZone, from, to, query);
    return { ctx, occurrences };
  }

  /** 409 with the conflicts, or the saved event presented. */
  async function answer(
    ctx: Awaited<ReturnType<typeof contextFor>>,
    reply: FastifyReply,
    outcome: Outcome<Parameters<typeof presentEvent>[1]>,
    statusCode: number,
    message: string,
  ) {
    if (outcome.kind === 'conflicts') {
      const n = outcome.conflicts.length;
      return reply.code(409).send({
        statusCode: 409,
        message: `${n} conflict${n === 1 ? '' : 's'}: the facility or team is already booked. Confirm to save anyway.`,
        id: 'calendar_conflict',
        data: { conflicts: outcome.conflicts },
      });
    }
    return reply.code(statusCode).send(ok(await presentEvent(ctx, outcome.value), statusCode, message));
  }

  app.get(
    '/calendar/events',
    {
      schema: {
        tags,
        summary: 'Occurrences in a range, series expanded in the organization’s time zone',
        querystring: calendarQuerySchema,
        response: { 200: apiResponseSchema(calendarListSchema) },
      },
    },
    async (request) => {
      const { ctx, occurrences } = await occurrencesIn(request, request.query, CALENDAR_LIMITS.maxRangeDays);
      return ok({ timezone: ctx.timeZone, occurrences });
    },
  );

  app.get(
    '/calendar/events/:id',
    {
      schema: {
        tags,
        summary: 'One stored event (a series as its first occurrence, with its rule)',
        params: idParams,
        querystring: organizationQuery,
        response: { 200: occurrenceResponse },
      },
    },
    async (request) => {
      const ctx = await actorContext(request, request.query.organizationId);
      return ok(await presentEvent(ctx, await findEvent(app.database.db, ctx.organizationId, request.params.id)));
    },
  );

  app.post(
    '/calendar/events',
    {
      schema: {
        tags,
        summary: 'Create an event or a weekly series; conflicts answer 409 unless confirmConflicts',
        querystring: organizationQuery,
        body: eventInputSchema,
        response: { 201: occurrenceResponse, 409: conflictResponse },
      },
    },
    async (request, reply) => {
      const ctx = await actorContext(request, request.body.organizationId ?? request.query.organizationId);
      return answer(ctx, reply, await createEvent(ctx, request.body), 201, 'Event created');
    },
  );

  app.patch(
    '/calendar/events/:id',
    {
      schema: {
        tags,
        summary: 'Update an event; for a series the scope is occurrence, following or series',
        params: idParams,
        querystring: organizationQuery,
        body: eventUpdateSchema,
        response: { 200: occurrenceResponse, 409: conflictResponse },
      },
    },
    async (request, reply) => {
      const ctx = await actorContext(request, request.query.organizationId);
      return answer(ctx, reply, await updateEvent(ctx, request.params.id, request.body), 200, 'Event updated');
    },
  );

  app.post(
    '/calendar/events/:id/status',
    {
      schema: {
        tags,
        summary: 'Postpone, cancel or reinstate an event (or one date, or the rest of a series)',
        params: idParams,
        querystring: organizationQuery,
        body: eventStatusChangeSchema,
        response: { 200: occurrenceResponse, 409: conflictResponse },
      },
    },
    async (request, reply) => {
      const ctx = await actorContext(request, request.query.organizationId);
      const outcome = await changeStatus(ctx, request.params.id, request.body);
      return answer(ctx, reply, outcome, 200, `Event ${request.body.status.toLowerCase()}`);
    },
  );

  app.delete(
    '/calendar/events/:id',
    {
      schema: {
        tags,
        summary: 'Delete an event, one date of a series, this and following, or the series',
        params: idParams,
        querystring: eventDeleteQuerySchema.extend({ organizationId: organizationParam }),
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = await actorContext(request, request.query.organizationId);
      await deleteEvent(ctx, request.params.id, request.query);
      return ok(null, 200, 'Event deleted');
    },
  );

  app.get(
    '/calendar/conflicts',
    {
      schema: {
        tags,
        summary: 'What a planned time would double-book (same facility or same team)',
        querystring: conflictQuerySchema,
        response: { 200: apiResponseSchema(z.object({ conflicts: z.array(calendarConflictSchema) })) },
      },
    },
    async (request) => {
      const q = request.query;
      const ctx = await actorContext(request, q.organizationId);
      if (q.teamId) await teamOfOrganization(app.database.db, ctx.organizationId, q.teamId);
      if (q.facilityId) await findFacility(app.database.db, ctx.organizationId, q.facilityId);
      const { startsAt, endsAt } = toInstants(q.allDay, q.start, q.end, ctx.timeZone);
      if (endsAt <= startsAt) throw badRequest('end must be after start');
      let intervals = [{ start: startsAt, end: endsAt }];
      const planned = q.repeatUntil
        ? recurrenceSchema.safeParse({
            freq: q.repeatFreq,
            byDay: q.repeatDays ?? [],
            byMonthDay: q.repeatMonthDay,
            nth: q.repeatNth,
            until: q.repeatUntil,
            interval: q.repeatInterval ?? 1,
          })
        : undefined;
      if (planned?.success) {
        const rule: Recurrence = planned.data;
        const shape = {
          localStart: toWallString(startsAt, ctx.timeZone),
          localEnd: toWallString(endsAt, ctx.timeZone),
          rule,
        };
        intervals = expandSeries(shape, ctx.timeZone, startsAt, new Date(8.64e15)).map((o) => ({
          start: o.start,
          end: o.end,
        }));
      }
      const conflicts = await findConflicts(app.database.db, ctx.organizationId, ctx.timeZone, {
        intervals,
        teamId: q.teamId ?? null,
        facilityId: q.facilityId ?? (await facilityIdByName(app.database.db, ctx.organizationId, q.facility)),
        excludeIds: q.excludeId ? [q.excludeId] : [],
      });
      return ok({ conflicts });
    },
  );

  app.get(
    '/calendar/feeds',
    {
      schema: {
        tags,
        summary: 'The organization’s and each team’s iCal subscription URL',
        querystring: organizationQuery,
        response: { 200: apiResponseSchema(z.array(calendarFeedSchema)) },
      },
    },
    async (request) => {
      const ctx = await actorContext(request, request.query.organizationId);
      return ok(await listFeeds(app.database.db, ctx.organizationId));
    },
  );

  app.post(
    '/calendar/feeds/rotate',
    {
      schema: {
        tags,
        summary: 'A new secret URL for a feed; the old one stops working',
        querystring: organizationQuery,
        body: feedRotateSchema,
        response: { 200: apiResponseSchema(z.array(calendarFeedSchema)) },
      },
    },
    async (request) => {
      const ctx = await actorContext(request, request.body.organizationId ?? request.query.organizationId);
      await inTransaction(app.database.db, async (tx) => {
        await rotateFeed(tx, ctx.organizationId, request.body.teamId ?? null);
        await recordAudit(tx, {
          organizationId: ctx.organizationId,
          actorId: ctx.actor.id,
          action: 'calendar_feed.rotate',
          entityType: 'calendar_feed',
          entityId: request.body.teamId ?? 'organization',
          summary: `Rotated the ${request.body.teamId ? 'team' : 'organization'} calendar feed URL`,
        });
      });
      return ok(await listFeeds(app.database.db, ctx.organizationId), 200, 'Feed URL rotated');
    },
  );

  app.get(
    '/calendar/export.ics',
    { schema: { tags, summary: 'The filtered range as an .ics file', querystring: calendarQuerySchema } },
    async (request, reply) => {
      const { ctx, occurrences } = await occurrencesIn(request, request.query, CALENDAR_LIMITS.maxSeriesDays);
      const { name } = await organizationZone(app.database.db, ctx.organizationId);
      reply.header('content-type', 'text/calendar; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="calendar-${request.query.from.slice(0, 10)}.ics"`);
      return reply.send(renderOccurrences(name, ctx.timeZone, occurrences));
    },
  );

  app.get(
    '/calendar/export.csv',
    { schema: { tags, summary: 'The filtered range as CSV (the import’s columns)', querystring: calendarQuerySchema } },
    async (request, reply) => {
      const { occurrences } = await occurrencesIn(request, request.query, CALENDAR_LIMITS.maxSeriesDays);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="calendar-${request.query.from.slice(0, 10)}.csv"`);
      return reply.send(occurrencesToCsv(occurrences));
    },
  );

  app.post(
    '/calendar/import',
    {
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import a season schedule CSV: every row checked first, then all rows or none',
        querystring: z.object({
          dryRun: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true'),
          onConflict: z.enum(IMPORT_CONFLICT_CHOICES).default('import'),
          organizationId: organizationParam,
        }),
        body: z.string().min(1, 'Send the CSV file as the request body (text/csv)'),
        response: {
          200: apiResponseSchema(calendarImportResultSchema),
          422: apiResponseSchema(calendarImportResultSchema),
        },
      },
    },
    async (request, reply) => {
      const ctx = await actorContext(request, request.query.organizationId);
      const result = await importSchedule(
        app,
        ctx.actor,
        ctx.organizationId,
        ctx.timeZone,
        request.body,
        request.query.dryRun,
        request.query.onConflict,
      );
      const failed = result.validRows !== result.totalRows;
      const message = failed
        ? `${result.totalRows - result.validRows} of ${plural(result.totalRows, 'row')} have errors; nothing was imported`
        : result.dryRun
          ? `All ${plural(result.totalRows, 'row')} are valid`
          : `Imported ${plural(result.created, 'event')}`;
      return reply
        .code(failed ? 422 : 200)
        .send({ statusCode: failed ? 422 : 200, message, ...(failed ? { id: 'import_invalid' } : {}), data: result });
    },
  );

  app.post(
    '/calendar/import/rows',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Check or import mapped schedule rows; the valid rows are written, the others reported',
        querystring: z.object({ organizationId: organizationParam }),
        body: calendarImportRowsSchema,
        response: { 200: apiResponseSchema(calendarImportResultSchema) },
      },
    },
    async (request) => {
      const ctx = await actorContext(request, request.query.organizationId);
      const { rows, dryRun, onConflict } = request.body;
      const result = await importScheduleRows(
        app,
        ctx.actor,
        ctx.organizationId,
        ctx.timeZone,
        rows,
        dryRun,
        onConflict,
      );
      const bad = result.totalRows - result.validRows;
      const clashing = result.rows.filter((r) => r.conflicts.length && !r.errors.length).length;
      const conflictNote = clashing ? `; ${plural(clashing, 'row')} ${clashing === 1 ? 'conflicts' : 'conflict'}` : '';
      const message = dryRun
        ? bad
          ? `${plural(result.validRows, 'row')} ready; ${plural(bad, 'row')} ${bad === 1 ? 'needs' : 'need'} fixing${conflictNote}`
          : `All ${plural(result.totalRows, 'row')} are ready${conflictNote}`
        : `Imported ${plural(result.created, 'event')}${result.skipped ? `; skipped ${plural(result.skipped, 'conflicting row')}` : ''}`;
      return { statusCode: 200, message, data: result };
    },
  );
};
