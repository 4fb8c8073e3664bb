/**
 * Announcements over REST (decision 027): post to a team, acknowledge, track, nudge, and a
 * member's own list. Thin: authenticate → validate (shared schemas) → authorize (policies.ts) →
 * service → presenter.
 */
import {
  ackResultSchema,
  ackTrackingSchema,
  announcementPostedSchema,
  announcementPostSchema,
  apiResponseSchema,
  myAnnouncementsQuerySchema,
  myAnnouncementsSchema,
  nudgeResultSchema,
} from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireMember } from '../member/teams.ts';
import { myAnnouncements } from './mine.ts';
import { messageFor, requireActive, requirePoster, requireTracker, teamFor } from './policies.ts';
import { acknowledge, NudgeTooSoon, nudge, postAnnouncement } from './service.ts';
import { ackTracking } from './tracking.ts';

const ok = <T>(data: T, message = 'OK') => ({ statusCode: 200, message, data });
const messageParams = z.object({ id: z.coerce.number().int().positive() });

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['announcements'];
  app.addHook('preHandler', app.authenticate);
  const db = () => app.database.db;
  const effects = () => ({
    io: app.io,
    onEffectError: (error: unknown) => app.log.error({ err: error }, 'announcements: after-commit effect failed'),
  });
  const activeUser = (request: Parameters<typeof requireAuth>[0]) => requireActive(requireAuth(request).user);

  app.post(
    '/teams/:teamId/announcements',
    {
      schema: {
        tags,
        summary:
          'Post an announcement to the team’s room, asking its people to acknowledge (admins, the team’s coaches)',
        params: z.object({ teamId: z.coerce.number().int().positive() }),
        body: announcementPostSchema,
        response: { 201: apiResponseSchema(announcementPostedSchema) },
      },
    },
    async (request, reply) => {
      const user = activeUser(request);
      const team = await teamFor(db(), user, request.params.teamId);
      await requirePoster(db(), user, team);
      const message = await postAnnouncement(db(), effects(), user, team, request.body);
      return reply.code(201).send({ statusCode: 201, message: 'Announcement posted', data: message });
    },
  );

  app.post(
    '/chat/messages/:id/ack',
    {
      schema: {
        tags,
        summary:
          'Acknowledge ("Got it") an announcement or schedule change that asks you; a repeat keeps the first time',
        params: messageParams,
        response: { 200: apiResponseSchema(ackResultSchema) },
      },
    },
    async (request) => {
      const user = activeUser(request);
      const loaded = await messageFor(db(), user, request.params.id);
      return ok(await acknowledge(db(), effects(), user, loaded));
    },
  );

  app.get(
    '/chat/messages/:id/acks',
    {
      schema: {
        tags,
        summary: 'Who acknowledged and who is missing (the sender, the school’s admins, the team’s coaches)',
        params: messageParams,
        response: { 200: apiResponseSchema(ackTrackingSchema) },
      },
    },
    async (request) => {
      const user = activeUser(request);
      const loaded = await messageFor(db(), user, request.params.id);
      const ackRequest = await requireTracker(db(), user, loaded);
      return ok(await ackTracking(db(), ackRequest));
    },
  );

  app.post(
    '/chat/messages/:id/acks/nudge',
    {
      schema: {
        tags,
        summary: 'Remind everyone who has not acknowledged (once per 15 minutes per message)',
        params: messageParams,
        response: { 200: apiResponseSchema(nudgeResultSchema) },
      },
    },
    async (request, reply) => {
      const user = activeUser(request);
      const loaded = await messageFor(db(), user, request.params.id);
      await requireTracker(db(), user, loaded);
      try {
        return ok(await nudge(db(), effects(), user, loaded));
      } catch (error) {
        if (error instanceof NudgeTooSoon) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get(
    '/me/announcements',
    {
      schema: {
        tags,
        summary: 'Announcements and schedule changes that ask me, newest first (coaches, athletes, guardians)',
        querystring: myAnnouncementsQuerySchema,
        response: { 200: apiResponseSchema(myAnnouncementsSchema) },
      },
    },
    async (request) => {
      const user = requireMember(requireAuth(request).user);
      return ok(await myAnnouncements(db(), user, request.query));
    },
  );
};
