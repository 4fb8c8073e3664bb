/**
 * The admin area's own endpoints (decision 012): message supervision with exports, and system
 * status. Audit log and sports catalogue live with their modules.
 */
import {
  apiResponseSchema,
  conversationListQuerySchema,
  pagedResponseSchema,
  paginationInfo,
  paginationInfoSchema,
  supervisedConversationSchema,
  supervisedMessageSchema,
  supervisedMessagesQuerySchema,
  supervisionReasonSchema,
  systemStatusSchema,
} from '@fieldhouse/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizations } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { startedStream } from '../../http/started-stream.ts';
import { NODE_ID } from '../../realtime/node-id.ts';
import { version } from '../../version.ts';
import { recordAudit } from '../audit/record.ts';
import { type AppUser, requireAuth } from '../auth/authenticate.ts';
import { resolveOrganization } from '../auth/policies.ts';
import { type ConversationExport, conversationCsv, conversationPdf } from './conversation-export.ts';
import { requireAdminTab } from './policies.ts';
import {
  exportExtent,
  listConversations,
  supervisedMessagePages,
  supervisedMessages,
  supervisedRoom,
} from './supervision.ts';

const roomParams = z.object({ roomId: z.coerce.number().int().positive() });
const reasonQuery = z.object({ reason: supervisionReasonSchema });

const fileName = (name: string, ext: string) =>
  `conversation-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'record'
  }-${new Date().toISOString().slice(0, 10)}.${ext}`;

async function exportData(app: FastifyInstance, actor: AppUser, roomId: number, reason: string, format: 'csv' | 'pdf') {
  const { db } = app.database;
  const { room, participants, name } = await supervisedRoom(db, actor, roomId);
  const [organization] = await db
    .select({ name: organizations.name, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, room.organizationId));
  const extent = await exportExtent(db, room.id);
  // The record of the disclosure commits before the data leaves.
  await inTransaction(db, (tx) =>
    recordAudit(tx, {
      organizationId: room.organizationId,
      actorId: actor.id,
      action: 'chat.export',
      entityType: 'chat_room',
      entityId: room.id,
      summary: `Exported the conversation ${name} as ${format.toUpperCase()}`,
      after: { format, messages: extent.count },
      reason,
    }),
  );
  const data: ConversationExport = {
    organization: organization ?? { name: 'Organization', timezone: 'UTC' },
    room: { id: room.id, kind: room.kind, name },
    participants,
    extent,
    // Up to the newest message when the export began: the record matches its audit entry.
    pages: supervisedMessagePages(db, room.id, extent.lastId),
    generatedBy: { firstName: actor.firstName, lastName: actor.lastName, role: actor.role },
    generatedAt: new Date(),
    reason,
  };
  return data;
}

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/admin/conversations',
    {
      schema: {
        tags,
        summary: 'Search the organization’s conversations (people, room or team name, message text)',
        querystring: conversationListQuerySchema,
        response: { 200: pagedResponseSchema(supervisedConversationSchema) },
      },
    },
    async (request) => {
      const actor = requireAdminTab(requireAuth(request).user, 'supervision');
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      const { search, page, limit } = request.query;
      const { result, totalCount } = await listConversations(app.database.db, organizationId, search, page, limit);
      return {
        statusCode: 200,
        message: 'OK',
        data: { result, paginationInfo: paginationInfo(page, limit, totalCount) },
      };
    },
  );

  app.get(
    '/admin/conversations/:roomId/messages',
    {
      schema: {
        tags,
        summary: 'Read a conversation for safeguarding: a reason (≥ 10 characters) is required and audited',
        description: 'Read-only: the reader is not added to the room and nobody’s unread count changes.',
        params: roomParams,
        querystring: supervisedMessagesQuerySchema,
        response: {
          200: apiResponseSchema(
            z.object({
              conversation: supervisedConversationSchema.omit({ lastMessage: true, messageCount: true }),
              messages: z.array(supervisedMessageSchema),
              paginationInfo: paginationInfoSchema,
            }),
          ),
        },
      },
    },
    async (request) => {
      const actor = requireAdminTab(requireAuth(request).user, 'supervision');
      const { db } = app.database;
      const { room, participants, name, teamName } = await supervisedRoom(db, actor, request.params.roomId);
      const { reason, page, limit } = request.query;
      await inTransaction(db, (tx) =>
        recordAudit(tx, {
          organizationId: room.organizationId,
          actorId: actor.id,
          action: 'chat.supervise',
          entityType: 'chat_room',
          entityId: room.id,
          summary: `Read the conversation ${name}`,
          after: { page, limit },
          reason,
        }),
      );
      const { messages, totalCount } = await supervisedMessages(db, room.id, page, limit);
      return {
        statusCode: 200,
        message: 'OK',
        data: {
          conversation: {
            id: room.id,
            uuid: room.uuid,
            kind: room.kind,
            name,
            team: room.teamId && teamName ? { id: room.teamId, name: teamName } : null,
            participants,
          },
          messages,
          paginationInfo: paginationInfo(page, limit, totalCount),
        },
      };
    },
  );

  app.get(
    '/admin/conversations/:roomId/export.csv',
    {
      schema: {
        tags,
        summary: 'A conversation as CSV for a records request (audited)',
        params: roomParams,
        querystring: reasonQuery,
      },
    },
    async (request, reply) => {
      const actor = requireAdminTab(requireAuth(request).user, 'supervision');
      const data = await exportData(app, actor, request.params.roomId, request.query.reason, 'csv');
      // The first page is read before the headers: a failure there is an ordinary error answer.
      const body = await startedStream(conversationCsv(data));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${fileName(data.room.name, 'csv')}"`);
      return reply.send(body);
    },
  );

  app.get(
    '/admin/conversations/:roomId/export.pdf',
    {
      schema: {
        tags,
        summary: 'A conversation as PDF for a records request (audited)',
        params: roomParams,
        querystring: reasonQuery,
      },
    },
    async (request, reply) => {
      const actor = requireAdminTab(requireAuth(request).user, 'supervision');
      const data = await exportData(app, actor, request.params.roomId, request.query.reason, 'pdf');
      // Its first piece comes after the first page of messages was read (see conversationPdf).
      const pdf = await startedStream(conversationPdf(data), 1);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${fileName(data.room.name, 'pdf')}"`);
      return reply.send(pdf);
    },
  );

  app.get(
    '/admin/system',
    {
      schema: {
        tags,
        summary: 'System status (SUPER_ADMIN): database, sockets per node, recent socket errors, file store, process',
        response: { 200: apiResponseSchema(systemStatusSchema) },
      },
    },
    async (request) => {
      requireAdminTab(requireAuth(request).user, 'system');
      const { db, kind } = app.database;
      const started = performance.now();
      let up = true;
      let dbVersion: string | null = null;
      try {
        const { rows } = await db.execute<{ version: string }>(sql`select version() as version`);
        dbVersion = rows[0]?.version ?? null;
      } catch {
        up = false;
      }
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      let migrationsApplied: number | null = null;
      if (up) {
        try {
          const { rows } = await db.execute<{ n: number }>(
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          );
          migrationsApplied = Number(rows[0]?.n ?? 0);
        } catch {
          migrationsApplied = null;
        }
      }
      const sockets = await app.io.fetchSockets();
      const nodes = new Map<string, { sockets: number; users: Set<number> }>();
      const allUsers = new Set<number>();
      for (const socket of sockets) {
        const data = socket.data as { nodeId?: string; user?: { id: number } };
        const nodeId = data.nodeId ?? 'unknown';
        const node = nodes.get(nodeId) ?? { sockets: 0, users: new Set<number>() };
        node.sockets++;
        if (data.user) {
          node.users.add(data.user.id);
          allUsers.add(data.user.id);
        }
        nodes.set(nodeId, node);
      }
      const recent = app.socketErrors.recent(50);
      const byType: Record<string, number> = {};
      for (const e of recent) byType[e.type] = (byType[e.type] ?? 0) + 1;
      const memory = process.memoryUsage();
      return {
        statusCode: 200,
        message: 'OK',
        data: {
          checkedAt: new Date().toISOString(),
          database: { up, kind, latencyMs, version: dbVersion, migrationsApplied },
          sockets: {
            total: sockets.length,
            users: allUsers.size,
            nodes: [...nodes.entries()]
              .map(([nodeId, n]) => ({ nodeId, sockets: n.sockets, users: n.users.size }))
              .sort((a, b) => a.nodeId.localeCompare(b.nodeId)),
          },
          socketErrors: {
            byType,
            recent: recent.map((e) => ({
              type: e.type,
              message: e.message,
              code: e.code,
              timestamp: e.timestamp,
              retryable: e.retryable,
              userId: e.userId,
              receivedAt: new Date(e.receivedAt).toISOString(),
            })),
          },
          fileStore: app.uploads.files.info,
          process: {
            nodeId: NODE_ID,
            uptimeSeconds: Math.round(process.uptime()),
            rssBytes: memory.rss,
            heapUsedBytes: memory.heapUsed,
            version,
          },
        },
      };
    },
  );
};
