/**
 * Broadcasts over REST (decision 029): preview, send or schedule, list, track, edit, cancel.
 * Thin: authenticate → validate (shared schemas) → authorize (policies.ts) → service.
 */
import {
  apiResponseSchema,
  broadcastEditSchema,
  broadcastListQuerySchema,
  broadcastListSchema,
  broadcastPreviewSchema,
  broadcastSendSchema,
  broadcastSummarySchema,
  broadcastTargetSchema,
  broadcastTrackingQuerySchema,
  broadcastTrackingSchema,
  nudgeResultSchema,
  paginationInfo,
} from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NudgeTooSoon } from '../announcements/service.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { previewBroadcast } from './audience.ts';
import { nudgeBroadcast } from './nudge.ts';
import { broadcastFor, requireBroadcaster } from './policies.ts';
import { cancelBroadcast, editBroadcast, sendBroadcast } from './service.ts';
import { broadcastTracking, listBroadcasts } from './tracking.ts';

const ok = <T>(data: T, message = 'OK') => ({ statusCode: 200, message, data });
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** A SUPER_ADMIN's active school (the admin app sends it on every request); others' own. */
const orgQuery = z.object({ organizationId: z.coerce.number().int().positive().optional().catch(undefined) });

export const broadcastRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['broadcasts'];
  app.addHook('preHandler', app.authenticate);
  const db = () => app.database.db;
  const effects = () => ({
    io: app.io,
    onEffectError: (error: unknown) => app.log.error({ err: error }, 'broadcasts: after-commit effect failed'),
  });
  /** The broadcast, of the school acted in (a SUPER_ADMIN's chosen one). */
  const theBroadcast = (
    request: Parameters<typeof requireAuth>[0] & {
      params: { id: number };
      query: { organizationId?: number | undefined };
    },
  ) => {
    const user = requireAuth(request).user;
    return broadcastFor(db(), user, request.params.id, request.query.organizationId).then((row) => ({ user, row }));
  };
  const broadcaster = (
    request: Parameters<typeof requireAuth>[0] & { query: { organizationId?: number | undefined } },
  ) => requireBroadcaster(requireAuth(request).user, request.query.organizationId);

  app.post(
    '/broadcasts/preview',
    {
      schema: {
        tags,
        summary: 'How many people a broadcast to these teams and roles reaches, per team (the athletic office)',
        querystring: orgQuery,
        body: broadcastTargetSchema,
        response: { 200: apiResponseSchema(broadcastPreviewSchema) },
      },
    },
    async (request) => {
      const { user, organizationId } = broadcaster(request);
      const { audiences, ...targets } = request.body;
      return ok(await previewBroadcast(db(), organizationId, targets, audiences, user));
    },
  );

  app.post(
    '/broadcasts',
    {
      schema: {
        tags,
        summary:
          'Send a broadcast now, or schedule it (sendAt): one announcement per team room, asking the chosen people',
        querystring: orgQuery,
        body: broadcastSendSchema,
        response: { 201: apiResponseSchema(broadcastTrackingSchema) },
      },
    },
    async (request, reply) => {
      const { user, organizationId } = broadcaster(request);
      const row = await sendBroadcast(db(), effects(), user, organizationId, request.body);
      const message = row.status === 'SCHEDULED' ? 'Broadcast scheduled' : 'Broadcast sent';
      return reply.code(201).send({ statusCode: 201, message, data: await broadcastTracking(db(), row) });
    },
  );

  app.get(
    '/broadcasts',
    {
      schema: {
        tags,
        summary: 'The school’s broadcasts, newest first, with recipients and acknowledgements',
        querystring: broadcastListQuerySchema.extend(orgQuery.shape),
        response: { 200: apiResponseSchema(broadcastListSchema) },
      },
    },
    async (request) => {
      const { organizationId } = broadcaster(request);
      const { page, limit } = request.query;
      const { result, totalCount } = await listBroadcasts(db(), organizationId, page, limit);
      return ok({ result, paginationInfo: paginationInfo(page, limit, totalCount) });
    },
  );

  app.get(
    '/broadcasts/:id',
    {
      schema: {
        tags,
        summary: 'One broadcast and a page of everyone it reached: read, acknowledged, missing first',
        params: idParams,
        querystring: broadcastTrackingQuerySchema.extend(orgQuery.shape),
        response: { 200: apiResponseSchema(broadcastTrackingSchema) },
      },
    },
    async (request) => {
      const { row } = await theBroadcast(request);
      return ok(await broadcastTracking(db(), row, request.query));
    },
  );

  app.post(
    '/broadcasts/:id/nudge',
    {
      schema: {
        tags,
        summary: 'Remind everyone who has not acknowledged, in every room it went to (each post once per 15 minutes)',
        params: idParams,
        querystring: orgQuery,
        response: { 200: apiResponseSchema(nudgeResultSchema) },
      },
    },
    async (request, reply) => {
      const { user, row } = await theBroadcast(request);
      try {
        return ok(await nudgeBroadcast(db(), effects(), user, row));
      } catch (error) {
        if (error instanceof NudgeTooSoon) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.delete(
    '/broadcasts/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a scheduled broadcast before it goes out (409 once sent)',
        params: idParams,
        querystring: orgQuery,
        response: { 200: apiResponseSchema(broadcastSummarySchema) },
      },
    },
    async (request) => {
      const { user, row } = await theBroadcast(request);
      const canceled = await cancelBroadcast(db(), user, row);
      const tracking = await broadcastTracking(db(), canceled);
      return ok(tracking, 'Broadcast cancelled');
    },
  );

  app.patch(
    '/broadcasts/:id',
    {
      schema: {
        tags,
        summary: 'Edit a scheduled broadcast before it goes out: words, whom, acknowledgement, time (409 once sent)',
        params: idParams,
        querystring: orgQuery,
        body: broadcastEditSchema,
        response: { 200: apiResponseSchema(broadcastTrackingSchema) },
      },
    },
    async (request) => {
      const { user, row } = await theBroadcast(request);
      const edited = await editBroadcast(db(), user, row, request.body);
      return ok(await broadcastTracking(db(), edited), 'Broadcast updated');
    },
  );
};
