/**
 * Availability under /api/calendar (decision 022). Unlike the rest of the calendar, athletes,
 * guardians and coaches use these too; access.ts decides who sees and answers what.
 */
import {
  apiResponseSchema,
  availabilityQuerySchema,
  availabilityReplySchema,
  availabilitySchema,
  availabilitySummaryQuerySchema,
  availabilitySummarySchema,
  CALENDAR_LIMITS,
  SOCKET_EVENTS,
} from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teams } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../errors.ts';
import { organizationRoom } from '../../realtime/rooms.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { listOccurrences, organizationZone } from '../calendar/occurrences.ts';
import { answeringFor, eventFor, rosterOf, viewerOf } from './access.ts';
import { checkOpen, laterDates, targetOf } from './occurrence.ts';
import { giveAvailability, giveAvailabilityForDates, readAvailability } from './service.ts';
import { summarize } from './summary.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const ok = <T>(data: T, message = 'OK') => ({ statusCode: 200, message, data });
const availabilityResponse = apiResponseSchema(availabilitySchema);

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calendar'];
  const db = () => app.database.db;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/calendar/events/:id/availability',
    {
      schema: {
        tags,
        summary: 'Who is coming to an event or one date of a series (the roster, or your own answers)',
        params: idParams,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      const row = await eventFor(db(), actor, request.params.id);
      const viewer = await viewerOf(db(), actor, row.teamId);
      const { timezone } = await organizationZone(db(), row.organizationId);
      const target = await targetOf(db(), row, request.query.occurrenceStart, timezone);
      return ok(await readAvailability(db(), viewer, row.teamId, target));
    },
  );

  app.put(
    '/calendar/events/:id/availability',
    {
      schema: {
        tags,
        summary: 'Answer Going, Maybe or Not going, for one date or a whole series',
        params: idParams,
        body: availabilityReplySchema,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      const body = request.body;
      const availability = await inTransaction(db(), async (tx, afterCommit) => {
        const row = await eventFor(tx, actor, request.params.id);
        const viewer = await viewerOf(tx, actor, row.teamId);
        const athleteId = answeringFor(viewer, body.athleteId);
        const { timezone } = await organizationZone(tx, row.organizationId);
        const target = await targetOf(tx, row, body.occurrenceStart, timezone);
        checkOpen(target);
        const answer = { athleteId, repliedById: actor.id, status: body.status, note: body.note || null };
        // A series date with scope 'series': this date and the later ones, all or none (decision 022).
        const dates = body.scope === 'series' ? await laterDates(tx, row.organizationId, target, timezone) : undefined;
        if (dates) await giveAvailabilityForDates(tx, { ...answer, seriesId: target.eventId, dates });
        else await giveAvailability(tx, { ...answer, target });
        const saved = await readAvailability(tx, viewer, row.teamId, target);
        // Open event drawers and team pages of the school refetch (ids only: nothing private).
        afterCommit(() =>
          app.io.to(organizationRoom(row.organizationId)).emit(SOCKET_EVENTS.availabilityUpdate, {
            eventId: saved.eventId,
            // Many dates changed: the series as a whole.
            occurrenceStart: dates ? null : saved.occurrenceStart,
          }),
        );
        return { saved, dates: dates?.length };
      });
      const message =
        availability.dates === undefined
          ? 'Availability saved'
          : `Availability saved for ${availability.dates} ${availability.dates === 1 ? 'date' : 'dates'}`;
      return ok(availability.saved, message);
    },
  );

  app.get(
    '/calendar/availability',
    {
      schema: {
        tags,
        summary: 'Availability counts of every occurrence of a team in a range (staff and the team’s coaches)',
        querystring: availabilitySummaryQuerySchema,
        response: { 200: apiResponseSchema(availabilitySummarySchema) },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      const { teamId } = request.query;
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (to <= from) throw badRequest('to must be after from');
      if (to.getTime() - from.getTime() > CALENDAR_LIMITS.maxRangeDays * 86_400_000) {
        throw badRequest(`A range spans at most ${CALENDAR_LIMITS.maxRangeDays} days`);
      }
      const [team] = await db()
        .select({ organizationId: teams.organizationId })
        .from(teams)
        .where(eq(teams.id, teamId));
      if (!team || (actor.role !== 'SUPER_ADMIN' && team.organizationId !== actor.organizationId))
        throw notFound('Team');
      const viewer = await viewerOf(db(), actor, teamId);
      if (viewer.kind !== 'staff') throw notFound('Team');
      const { timezone } = await organizationZone(db(), team.organizationId);
      const occurrences = await listOccurrences(db(), team.organizationId, timezone, from, to, { teamId });
      const roster = (await rosterOf(db(), teamId)).map((a) => a.id);
      return ok(await summarize(db(), roster, occurrences));
    },
  );
};
