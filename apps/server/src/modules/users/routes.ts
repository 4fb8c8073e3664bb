import {
  apiResponseSchema,
  pagedResponseSchema,
  paginationInfo,
  personSummarySchema,
  plural,
  ROSTER_COLUMNS,
  rosterImportResultSchema,
  userCreateSchema,
  userListQuerySchema,
  userSchema,
  userStatusChangeSchema,
  userStatusSchema,
  userUpdateSchema,
} from '@fieldhouse/shared';
import { desc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardianLinks, userStatusEvents, users } from '../../db/schema/index.ts';
import { startedStream } from '../../http/started-stream.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { exportUsers, listUsers } from './list-users.ts';
import { presentPerson, presentRows, presentUser } from './presenter.ts';
import { importRoster } from './roster-import.ts';
import { changeStatus, createUser, deleteUser, findVisibleUser, resendInvite, updateUser } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const organizationParam = z.coerce.number().int().positive().optional().catch(undefined);
const userResponse = apiResponseSchema(z.object({ user: userSchema }));
const linkedPerson = personSummarySchema.extend({ relationship: z.string() });
const userDetailResponse = apiResponseSchema(
  z.object({
    user: userSchema,
    guardians: z.array(linkedPerson),
    athletes: z.array(linkedPerson),
    account: z.object({ status: z.string(), enabled: z.boolean() }).nullable(),
    statusHistory: z.array(
      z.object({
        fromStatus: userStatusSchema.nullable(),
        toStatus: userStatusSchema,
        changedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        reason: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
);
const ok = <T>(data: T, statusCode = 200, message = 'OK') => ({ statusCode, message, data });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  app.addHook('preHandler', app.authenticate);
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/user/import',
    {
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import a roster CSV: every row checked first, then all rows or none',
        description: `Columns: ${ROSTER_COLUMNS.join(', ')} (or common headers such as "First Name", "Grad Year", "Parent 1 Email"). Send the file as text/csv; dryRun=true only validates.`,
        querystring: z.object({
          dryRun: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true'),
          organizationId: organizationParam,
        }),
        body: z.string().min(1, 'Send the CSV file as the request body (text/csv)'),
        response: {
          200: apiResponseSchema(rosterImportResultSchema),
          422: apiResponseSchema(rosterImportResultSchema),
        },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      const result = await importRoster(app, organizationId, request.body, request.query.dryRun, actor.id);
      const failed = result.validRows !== result.totalRows;
      const message = failed
        ? `${result.totalRows - result.validRows} of ${plural(result.totalRows, 'row')} have errors; nothing was imported`
        : result.dryRun
          ? `All ${plural(result.totalRows, 'row')} are valid`
          : `Imported ${plural(result.created.athletes, 'athlete')} and ${plural(result.created.guardians, 'guardian')}`;
      return reply
        .code(failed ? 422 : 200)
        .send({ statusCode: failed ? 422 : 200, message, ...(failed ? { id: 'import_invalid' } : {}), data: result });
    },
  );

  app.get(
    '/user/export',
    {
      schema: {
        tags,
        summary: 'The filtered user list as CSV (same filters as /user/list, every page)',
        querystring: userListQuerySchema.extend({ organizationId: organizationParam }),
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      const csv = await startedStream(exportUsers(app.database.db, organizationId, request.query));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="users-${new Date().toISOString().slice(0, 10)}.csv"`);
      return reply.send(csv);
    },
  );

  app.get(
    '/user/list',
    {
      schema: {
        tags,
        summary: 'Paged users of the organization (SPEC §7); invalid parameters fall back to defaults',
        querystring: userListQuerySchema.extend({ organizationId: organizationParam }),
        response: { 200: pagedResponseSchema(userSchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      const { rows, totalCount } = await listUsers(app.database.db, organizationId, request.query);
      return ok({
        result: presentRows(rows),
        paginationInfo: paginationInfo(request.query.page, request.query.limit, totalCount),
      });
    },
  );

  app.post(
    '/user',
    {
      schema: {
        tags,
        summary: 'Create a user and invite them to sign in',
        body: userCreateSchema,
        response: { 201: userResponse },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(requireAuth(request).user);
      const user = await createUser(app, actor, request.body);
      return reply.code(201).send(ok({ user: await presentUser(app.database.db, user) }, 201, 'User created'));
    },
  );

  app.get(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'A user with linked guardians/athletes and sign-in state',
        params: idParams,
        response: { 200: userDetailResponse },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const user = await findVisibleUser(app, actor, request.params.id);
      const { db } = app.database;
      const links = await db
        .select()
        .from(guardianLinks)
        .where(or(eq(guardianLinks.guardianId, user.id), eq(guardianLinks.athleteId, user.id)));
      const otherIds = links.map((l) => (l.guardianId === user.id ? l.athleteId : l.guardianId));
      const others = otherIds.length ? await db.select().from(users).where(inArray(users.id, otherIds)) : [];
      const person = (id: number, relationship: string) => {
        const other = others.find((o) => o.id === id);
        return other && other.status !== 'DELETED' ? [{ ...presentPerson(other), relationship }] : [];
      };
      const account = user.identitySub ? await app.identity.admin.getUser(user.identitySub).catch(() => null) : null;
      const changer = alias(users, 'changer');
      const history = await db
        .select({
          event: userStatusEvents,
          changer: { id: changer.id, firstName: changer.firstName, lastName: changer.lastName },
        })
        .from(userStatusEvents)
        .leftJoin(changer, eq(changer.id, userStatusEvents.changedById))
        .where(eq(userStatusEvents.userId, user.id))
        .orderBy(desc(userStatusEvents.createdAt), desc(userStatusEvents.id))
        .limit(50);
      return ok({
        user: await presentUser(db, user),
        guardians: links.filter((l) => l.athleteId === user.id).flatMap((l) => person(l.guardianId, l.relationship)),
        athletes: links.filter((l) => l.guardianId === user.id).flatMap((l) => person(l.athleteId, l.relationship)),
        account: account ? { status: account.status, enabled: account.enabled } : null,
        statusHistory: history.map(({ event, changer: by }) => ({
          fromStatus: event.fromStatus,
          toStatus: event.toStatus,
          changedBy: by?.id ? { id: by.id, name: [by.firstName, by.lastName].filter(Boolean).join(' ') } : null,
          reason: event.reason,
          createdAt: event.createdAt.toISOString(),
        })),
      });
    },
  );

  app.patch(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'Update a user’s profile or role',
        params: idParams,
        body: userUpdateSchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const user = await updateUser(app, actor, request.params.id, request.body);
      return ok({ user: await presentUser(app.database.db, user) }, 200, 'User updated');
    },
  );

  app.patch(
    '/user/:id/status',
    {
      schema: {
        tags,
        summary: 'Set ACTIVE, INACTIVE or SUSPENDED; sign-in is switched to match',
        params: idParams,
        body: userStatusChangeSchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const user = await changeStatus(app, actor, request.params.id, request.body.status, request.body.reason);
      return ok({ user: await presentUser(app.database.db, user) }, 200, 'Status changed');
    },
  );

  app.delete(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'Mark a user DELETED and switch off sign-in',
        params: idParams,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      await deleteUser(app, actor, request.params.id);
      return ok(null, 200, 'User deleted');
    },
  );

  app.post(
    '/user/:id/resend-invite',
    {
      schema: {
        tags,
        summary: 'New temporary password and invite e-mail',
        params: idParams,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      await resendInvite(app, actor, request.params.id);
      return ok(null, 200, 'Invite sent');
    },
  );
};
