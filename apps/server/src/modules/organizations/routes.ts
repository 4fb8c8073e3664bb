import {
  apiResponseSchema,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationSchema,
  pagedResponseSchema,
  paginationInfo,
} from '@fieldhouse/shared';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Server } from 'socket.io';
import { z } from 'zod';
import { organizations, teams, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { organizationRoom } from '../../realtime/rooms.ts';
import { recordAudit } from '../audit/record.ts';
import { changedFields } from '../audit/snapshots.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, requireSuperAdmin } from '../auth/policies.ts';
import { likePattern } from '../users/list-users.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const ok = <T>(data: T, statusCode = 200, message = 'OK') => ({ statusCode, message, data });

const userCount = sql<number>`(select count(*)::int from ${users} u where u.organization_id = "organizations"."id" and u.status <> 'DELETED')`;
const teamCount = sql<number>`(select count(*)::int from ${teams} t where t.organization_id = "organizations"."id")`;

type OrganizationRow = typeof organizations.$inferSelect & { userCount: number; teamCount: number };
const snapshot = (
  o: Pick<
    typeof organizations.$inferSelect,
    'name' | 'slug' | 'timezone' | 'address' | 'city' | 'state' | 'postalCode' | 'deactivatedAt'
  >,
) => ({
  name: o.name,
  slug: o.slug,
  timezone: o.timezone,
  address: o.address,
  city: o.city,
  state: o.state,
  postalCode: o.postalCode,
  deactivatedAt: o.deactivatedAt?.toISOString() ?? null,
});

const present = (o: OrganizationRow) => ({
  id: o.id,
  uuid: o.uuid,
  name: o.name,
  slug: o.slug,
  timezone: o.timezone,
  address: o.address,
  city: o.city,
  state: o.state,
  postalCode: o.postalCode,
  userCount: Number(o.userCount),
  teamCount: Number(o.teamCount),
  deactivatedAt: o.deactivatedAt?.toISOString() ?? null,
  createdAt: o.createdAt.toISOString(),
});

/** After a deactivation: its people's open sockets close (super admins keep theirs: they are not refused). */
async function disconnectMembers(io: Server, organizationId: number) {
  for (const socket of await io.in(organizationRoom(organizationId)).fetchSockets()) {
    if ((socket.data as { user?: { role?: string } }).user?.role !== 'SUPER_ADMIN') socket.disconnect(true);
  }
}

/** Organizations: every admin sees their own; a SUPER_ADMIN lists and manages all of them. */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['organizations'];
  app.addHook('preHandler', app.authenticate);
  const select = () =>
    app.database.db
      .select({
        id: organizations.id,
        uuid: organizations.uuid,
        name: organizations.name,
        slug: organizations.slug,
        timezone: organizations.timezone,
        address: organizations.address,
        city: organizations.city,
        state: organizations.state,
        postalCode: organizations.postalCode,
        logoUrl: organizations.logoUrl,
        deactivatedAt: organizations.deactivatedAt,
        createdAt: organizations.createdAt,
        updatedAt: organizations.updatedAt,
        userCount,
        teamCount,
      })
      .from(organizations);

  app.get(
    '/auth/organizations/list',
    {
      schema: {
        tags,
        summary: 'Paged organizations (SPEC §7): all for a SUPER_ADMIN, one’s own otherwise',
        querystring: organizationListQuerySchema,
        response: { 200: pagedResponseSchema(organizationSchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const { search, page, limit } = request.query;
      const conditions = [];
      if (actor.role !== 'SUPER_ADMIN') conditions.push(eq(organizations.id, actor.organizationId ?? -1));
      if (search) {
        conditions.push(
          or(ilike(organizations.name, likePattern(search)), ilike(organizations.slug, likePattern(search))),
        );
      }
      const where = conditions.length
        ? sql.join(
            conditions.map((c) => sql`(${c})`),
            sql` and `,
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(asc(organizations.name))
          .limit(limit)
          .offset((page - 1) * limit),
        app.database.db.select({ n: count() }).from(organizations).where(where),
      ]);
      return ok({ result: rows.map(present), paginationInfo: paginationInfo(page, limit, total?.n ?? 0) });
    },
  );

  app.post(
    '/auth/organizations',
    {
      schema: {
        tags,
        summary: 'Create an organization (SUPER_ADMIN)',
        body: organizationInputSchema,
        response: { 201: apiResponseSchema(organizationSchema) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      requireSuperAdmin(actor);
      const inserted = await inTransaction(app.database.db, async (tx) => {
        const rows = await tx.insert(organizations).values(request.body).onConflictDoNothing().returning();
        if (rows[0]) {
          await recordAudit(tx, {
            organizationId: rows[0].id,
            actorId: actor.id,
            action: 'organization.create',
            entityType: 'organization',
            entityId: rows[0].id,
            summary: `Created the organization ${rows[0].name}`,
            after: snapshot(rows[0]),
          });
        }
        return rows;
      });
      if (!inserted[0]) throw conflict('An organization with this slug already exists');
      const [row] = await select().where(eq(organizations.id, inserted[0].id));
      return reply.code(201).send(ok(present(row as OrganizationRow), 201, 'Organization created'));
    },
  );

  app.patch(
    '/auth/organizations/:id',
    {
      schema: {
        tags,
        summary: 'Update an organization (SUPER_ADMIN)',
        params: idParams,
        body: organizationInputSchema.partial(),
        response: { 200: apiResponseSchema(organizationSchema) },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      requireSuperAdmin(actor);
      const updated = await inTransaction(app.database.db, async (tx) => {
        const [before] = await tx
          .select()
          .from(organizations)
          .where(eq(organizations.id, request.params.id))
          .for('update');
        const rows = await tx
          .update(organizations)
          .set(request.body)
          .where(eq(organizations.id, request.params.id))
          .returning();
        const diff = before && rows[0] ? changedFields(snapshot(before), snapshot(rows[0])) : null;
        if (rows[0] && diff) {
          await recordAudit(tx, {
            organizationId: rows[0].id,
            actorId: actor.id,
            action: 'organization.update',
            entityType: 'organization',
            entityId: rows[0].id,
            summary: `Updated the organization ${rows[0].name} (${Object.keys(diff.after).join(', ')})`,
            ...diff,
          });
        }
        return rows;
      }).catch((error: unknown) => {
        if (String((error as { cause?: { code?: string } }).cause?.code) === '23505')
          throw conflict('An organization with this slug already exists');
        throw error;
      });
      if (!updated[0]) throw notFound('Organization');
      const [row] = await select().where(eq(organizations.id, request.params.id));
      return ok(present(row as OrganizationRow), 200, 'Organization updated');
    },
  );

  app.delete(
    '/auth/organizations/:id',
    {
      schema: {
        tags,
        summary: 'Delete an empty organization (SUPER_ADMIN)',
        params: idParams,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      requireSuperAdmin(actor);
      await inTransaction(app.database.db, async (tx) => {
        // The row lock waits for anyone being added to the organization, so the counts are final.
        const [row] = await tx
          .select()
          .from(organizations)
          .where(eq(organizations.id, request.params.id))
          .for('update');
        if (!row) throw notFound('Organization');
        // People deleted earlier are records of nobody left, and a SUPER_ADMIN working in the
        // school (it set the school up) belongs to the platform: neither keeps it alive.
        const [people] = await tx
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.organizationId, row.id), ne(users.status, 'DELETED'), ne(users.role, 'SUPER_ADMIN')));
        const [teamRows] = await tx.select({ n: count() }).from(teams).where(eq(teams.organizationId, row.id));
        if ((people?.n ?? 0) > 0 || (teamRows?.n ?? 0) > 0) {
          throw conflict('Only an organization without users and teams can be deleted');
        }
        // Their rows pointed at it (a restricting key): it could never be deleted once anyone was.
        await tx
          .update(users)
          .set({ organizationId: null })
          .where(and(eq(users.organizationId, row.id), eq(users.role, 'SUPER_ADMIN')));
        await tx.delete(users).where(and(eq(users.organizationId, row.id), eq(users.status, 'DELETED')));
        await tx.delete(organizations).where(eq(organizations.id, row.id));
        // The organization's own entries go with it (cascade); this one is kept platform-wide.
        await recordAudit(tx, {
          organizationId: null,
          actorId: actor.id,
          action: 'organization.delete',
          entityType: 'organization',
          entityId: row.id,
          summary: `Deleted the organization ${row.name}`,
          before: snapshot(row),
        });
      });
      return ok(null, 200, 'Organization deleted');
    },
  );

  for (const [verb, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/auth/organizations/:id/${verb}`,
      {
        schema: {
          tags,
          summary: active
            ? 'Reactivate an organization: its people may sign in again (SUPER_ADMIN)'
            : 'Deactivate an organization: its people are refused and disconnected (SUPER_ADMIN)',
          params: idParams,
          response: { 200: apiResponseSchema(organizationSchema) },
        },
      },
      async (request) => {
        const actor = requireAuth(request).user;
        requireSuperAdmin(actor);
        const organizationId = request.params.id;
        await inTransaction(
          app.database.db,
          async (tx, afterCommit) => {
            const [before] = await tx
              .select()
              .from(organizations)
              .where(eq(organizations.id, organizationId))
              .for('update');
            if (!before) throw notFound('Organization');
            if (Boolean(before.deactivatedAt) === !active) {
              throw conflict(active ? 'The organization is already active' : 'The organization is already deactivated');
            }
            const deactivatedAt = active ? null : new Date();
            await tx.update(organizations).set({ deactivatedAt }).where(eq(organizations.id, before.id));
            await recordAudit(tx, {
              organizationId: before.id,
              actorId: actor.id,
              action: `organization.${verb}`,
              entityType: 'organization',
              entityId: before.id,
              summary: `${active ? 'Reactivated' : 'Deactivated'} the organization ${before.name}`,
              before: { deactivatedAt: before.deactivatedAt?.toISOString() ?? null },
              after: { deactivatedAt: deactivatedAt?.toISOString() ?? null },
            });
            // Open sockets would outlive the decision; super admins keep theirs (they are not refused).
            if (!active) afterCommit(() => disconnectMembers(app.io, before.id));
          },
          (error) => app.log.error({ err: error, organizationId }, 'organization change: after-commit effect failed'),
        );
        const [row] = await select().where(eq(organizations.id, organizationId));
        return ok(
          present(row as OrganizationRow),
          200,
          active ? 'Organization reactivated' : 'Organization deactivated',
        );
      },
    );
  }
};
