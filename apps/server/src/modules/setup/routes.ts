/**
 * First-run set-up (issue 16, decision 019): a super admin creates a school from a name, time
 * zone and address (the slug is made here), and every admin screen can ask how far the school's
 * set-up is, including a super admin who has no school yet (an answer, not a 400).
 */
import {
  apiResponseSchema,
  organizationSchema,
  type SetupStatus,
  setupOrganizationSchema,
  setupStatusSchema,
} from '@fieldhouse/shared';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { organizations, teams, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { forbidden } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, requireSuperAdmin } from '../auth/policies.ts';

/** "Lincoln High School" → "lincoln-high-school"; the first free of it, -2, -3… */
export function slugBase(name: string) {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
  return base || 'school';
}

async function freeSlug(db: Db, base: string) {
  const taken = new Set(
    (
      await db
        .select({ slug: organizations.slug })
        .from(organizations)
        .where(sql`${organizations.slug} = ${base} or ${organizations.slug} like ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function setupStatus(db: Db, organizationId: number | null): Promise<SetupStatus> {
  if (!organizationId) return { organization: null, directorInvited: false, teams: 0, athletes: 0, coaches: 0 };
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return { organization: null, directorInvited: false, teams: 0, athletes: 0, coaches: 0 };
  const people = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        ne(users.status, 'DELETED'),
        inArray(users.role, ['ATHLETIC_DIRECTOR', 'ATHLETE', 'COACH']),
      ),
    )
    .groupBy(users.role);
  const [teamCount] = await db.select({ n: count() }).from(teams).where(eq(teams.organizationId, organizationId));
  const of = (role: string) => people.find((p) => p.role === role)?.n ?? 0;
  return {
    organization,
    directorInvited: of('ATHLETIC_DIRECTOR') > 0,
    teams: teamCount?.n ?? 0,
    athletes: of('ATHLETE'),
    coaches: of('COACH'),
  };
}

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['setup'];
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/setup/status',
    {
      schema: {
        tags,
        summary: 'How far the organization’s set-up is (a super admin without a school gets organization: null)',
        querystring: z.object({ organizationId: z.coerce.number().int().positive().optional().catch(undefined) }),
        response: { 200: apiResponseSchema(setupStatusSchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const requested = request.query.organizationId;
      if (actor.role !== 'SUPER_ADMIN' && requested && requested !== actor.organizationId) throw forbidden();
      const organizationId = actor.role === 'SUPER_ADMIN' ? (requested ?? actor.organizationId) : actor.organizationId;
      return { statusCode: 200, message: 'OK', data: await setupStatus(app.database.db, organizationId ?? null) };
    },
  );

  app.post(
    '/setup/organization',
    {
      schema: {
        tags,
        summary: 'Create a school from the guided set-up (SUPER_ADMIN); a super admin without a school joins it',
        body: setupOrganizationSchema,
        response: { 201: apiResponseSchema(organizationSchema) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      requireSuperAdmin(actor);
      const { db } = app.database;
      const base = slugBase(request.body.name);
      // Two set-ups with the same name at once: the loser of the unique slug tries the next one.
      let created: typeof organizations.$inferSelect | undefined;
      for (let attempt = 0; !created && attempt < 5; attempt++) {
        const slug = await freeSlug(db, base);
        created = await inTransaction(db, async (tx) => {
          const [row] = await tx
            .insert(organizations)
            .values({ ...request.body, slug })
            .onConflictDoNothing()
            .returning();
          if (!row) return undefined;
          await tx
            .update(users)
            .set({ organizationId: row.id })
            .where(and(eq(users.id, actor.id), isNull(users.organizationId)));
          await recordAudit(tx, {
            organizationId: row.id,
            actorId: actor.id,
            action: 'organization.create',
            entityType: 'organization',
            entityId: row.id,
            summary: `Set up the school ${row.name}`,
            after: {
              name: row.name,
              slug: row.slug,
              timezone: row.timezone,
              address: row.address,
              city: row.city,
              state: row.state,
              postalCode: row.postalCode,
            },
          });
          return row;
        });
      }
      if (!created) throw new Error('no free slug after 5 attempts');
      const [people] = await db.select({ n: count() }).from(users).where(eq(users.organizationId, created.id));
      return reply.code(201).send({
        statusCode: 201,
        message: `${created.name} is set up`,
        data: {
          id: created.id,
          uuid: created.uuid,
          name: created.name,
          slug: created.slug,
          timezone: created.timezone,
          address: created.address,
          city: created.city,
          state: created.state,
          postalCode: created.postalCode,
          userCount: people?.n ?? 0,
          teamCount: 0,
          deactivatedAt: null,
          createdAt: created.createdAt.toISOString(),
        },
      });
    },
  );
};
