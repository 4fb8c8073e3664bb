import {
  apiResponseSchema,
  chatMessageSchema,
  directRoomInputSchema,
  historyQuerySchema,
  isAdminRole,
  notificationSchema,
  pagedResponseSchema,
  paginationInfo,
  paginationInfoSchema,
  roomDetailSchema,
  roomListItemSchema,
  roomListQuerySchema,
  tabSchema,
} from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatAttachments, chatMessages, teams, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { viewerMuted } from '../message-controls/mute.ts';
import { announceRead } from '../message-controls/read-receipts.ts';
import type { Emit } from '../safeguarding/reconcile.ts';
import { history, markRead } from './messages.ts';
import { listNotifications, markNotificationsRead } from './notifications.ts';
import { roomDetail } from './room-detail.ts';
import { roomList, tabCounts } from './room-list.ts';
import { accessibleRoom, ensureDirectRoom } from './rooms.ts';
import { belongsToTeam, ensureTeamRoom } from './team-room.ts';

const roomSummary = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  kind: z.string(),
  name: z.string().nullable(),
  teamId: z.number().int().nullable(),
  /** The viewer muted it (decision 023); the team's room list shows it. Absent on a new direct room. */
  muted: z.boolean().optional(),
});
const ok = <T>(data: T) => ({ statusCode: 200, message: 'OK', data });

/** Chat over REST: room lists and tabs, opening rooms, history and read marks (every role). */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['chat'];
  app.addHook('preHandler', app.authenticate);
  const active = (request: Parameters<typeof requireAuth>[0]) => {
    const { user } = requireAuth(request);
    if (user.status !== 'ACTIVE') throw forbidden();
    return user;
  };
  /** Room changes reach open sockets once committed. */
  const live = (emit: Emit) => emit(app.io);

  app.get(
    '/chat/tabs',
    {
      schema: {
        tags,
        summary: 'The three tabs with unread counts',
        response: { 200: apiResponseSchema(z.array(tabSchema)) },
      },
    },
    async (request) => ok(await tabCounts(app.database.db, active(request))),
  );

  app.get(
    '/chat/rooms',
    {
      schema: {
        tags,
        summary: 'Room list of a tab, newest conversation first',
        querystring: roomListQuerySchema,
        response: { 200: pagedResponseSchema(roomListItemSchema) },
      },
    },
    async (request) => {
      const { tab, search, page, limit } = request.query;
      const { result, totalCount } = await roomList(app.database.db, active(request), tab, search, page, limit);
      return ok({ result, paginationInfo: paginationInfo(page, limit, totalCount) });
    },
  );

  app.post(
    '/chat/rooms/direct',
    {
      schema: {
        tags,
        summary:
          'Open (or create) the direct room with a person; members start only with their contacts (403 contact_not_allowed)',
        body: directRoomInputSchema,
        response: { 200: apiResponseSchema(roomSummary) },
      },
    },
    async (request) => {
      const viewer = active(request);
      const [other] = await app.database.db.select().from(users).where(eq(users.id, request.body.userId));
      if (!other) throw notFound('User');
      const room = await ensureDirectRoom(app.database.db, viewer, other, live);
      return ok({ id: room.id, uuid: room.uuid, kind: room.kind, name: room.name, teamId: room.teamId });
    },
  );

  app.get(
    '/chat/teams/:teamId/rooms',
    {
      schema: {
        tags,
        summary: 'The chat rooms of a team',
        params: z.object({ teamId: z.coerce.number().int().positive() }),
        response: { 200: apiResponseSchema(z.array(roomSummary)) },
      },
    },
    async (request) => {
      const viewer = active(request);
      const [team] = await app.database.db.select().from(teams).where(eq(teams.id, request.params.teamId));
      if (!team || (viewer.role !== 'SUPER_ADMIN' && team.organizationId !== viewer.organizationId))
        throw notFound('Team');
      if (!isAdminRole(viewer.role) && !(await belongsToTeam(app.database.db, viewer.id, team.id)))
        throw notFound('Team');
      const room = await ensureTeamRoom(app.database.db, team.id, live);
      await accessibleRoom(app.database.db, viewer, room.id, live);
      const muted = await viewerMuted(app.database.db, room.id, viewer.id);
      return ok([{ id: room.id, uuid: room.uuid, kind: room.kind, name: room.name, teamId: room.teamId, muted }]);
    },
  );

  app.get(
    '/chat/rooms/:id',
    {
      schema: {
        tags,
        summary: 'One room: kind, team and members',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: apiResponseSchema(roomDetailSchema) },
      },
    },
    async (request) => {
      const viewer = active(request);
      const room = await accessibleRoom(app.database.db, viewer, request.params.id, live);
      return ok(await roomDetail(app.database.db, room, viewer));
    },
  );

  app.get(
    '/chat/rooms/:id/messages',
    {
      schema: {
        tags,
        summary: 'History: the newest page, or before/after/around a message id',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: historyQuerySchema,
        response: {
          200: apiResponseSchema(
            z.object({ messages: z.array(chatMessageSchema), hasOlder: z.boolean(), hasNewer: z.boolean() }),
          ),
        },
      },
    },
    async (request) => {
      const viewer = active(request);
      const room = await accessibleRoom(app.database.db, viewer, request.params.id, live);
      return ok(await history(app.database.db, room, request.query, viewer.id));
    },
  );

  const notificationItem = notificationSchema.extend({ id: z.number().int(), readAt: z.string().nullable() });
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s notifications, newest first',
        querystring: z.object({
          unreadOnly: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true'),
          page: z.coerce.number().int().positive().catch(1),
          limit: z.coerce.number().int().positive().max(100).catch(20),
        }),
        response: {
          200: apiResponseSchema(
            z.object({
              result: z.array(notificationItem),
              paginationInfo: paginationInfoSchema,
              unreadCount: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { unreadOnly, page, limit } = request.query;
      const { rows, totalCount, unreadCount } = await listNotifications(
        app.database.db,
        active(request).id,
        unreadOnly,
        page,
        limit,
      );
      return ok({ result: rows, paginationInfo: paginationInfo(page, limit, totalCount), unreadCount });
    },
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read (all of them when no ids are given)',
        body: z.object({ ids: z.array(z.number().int().positive()).max(500).optional() }),
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      await markNotificationsRead(app.database.db, active(request).id, request.body.ids);
      return ok(null);
    },
  );

  app.get(
    '/chat/attachments/:uuid',
    { schema: { tags, summary: 'Download an attachment (room members only)', params: z.object({ uuid: z.uuid() }) } },
    async (request, reply) => {
      const viewer = active(request);
      const [found] = await app.database.db
        .select({ attachment: chatAttachments, unsentAt: chatMessages.deletedAt })
        .from(chatAttachments)
        .leftJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
        .where(eq(chatAttachments.uuid, request.params.uuid));
      if (!found) throw notFound('Attachment');
      const { attachment } = found;
      // Not sent yet: the uploader's alone. Unsent by its sender: gone for the room, as its text
      // is; administrators keep it, as supervision keeps the text (safeguarding records).
      const hidden =
        attachment.messageId === null
          ? attachment.uploaderId !== viewer.id
          : found.unsentAt !== null && !isAdminRole(viewer.role);
      if (hidden) throw notFound('Attachment');
      await accessibleRoom(app.database.db, viewer, attachment.roomId, live);
      // Opened before any header is set, so a missing object answers as an error, not a download.
      const body = await app.uploads.read(attachment.storageKey);
      const inline = attachment.mimeType.startsWith('image/') || attachment.mimeType === 'application/pdf';
      const ascii = attachment.fileName.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', "'");
      return reply
        .header('content-type', attachment.mimeType)
        .header('content-length', String(attachment.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
        )
        .send(body);
    },
  );

  app.post(
    '/chat/rooms/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a room read',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const viewer = active(request);
      const room = await accessibleRoom(app.database.db, viewer, request.params.id, live);
      const move = await markRead(app.database.db, room.id, viewer.id);
      // Receipts are a nicety: a failure to announce one must not fail the read itself.
      await announceRead(app.io, app.database.db, room.id, viewer.id, move).catch((error: unknown) =>
        request.log.warn({ err: error }, 'read receipt not announced'),
      );
      return ok(null);
    },
  );
};
