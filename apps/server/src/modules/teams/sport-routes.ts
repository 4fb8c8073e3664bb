/**
 * The sports catalogue (shared by every organization): a SUPER_ADMIN adds, renames and removes
 * sports; reading stays in catalog-routes.ts. Changes are audited platform-wide (no organization).
 */
import { apiResponseSchema, sportInputSchema, sportSchema } from '@fieldhouse/shared';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sports, teams } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { changedFields } from '../audit/snapshots.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireSuperAdmin } from '../auth/policies.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const ok = <T>(data: T, statusCode = 200, message = 'OK') => ({ statusCode, message, data });
const duplicate = () => conflict('A sport with this name already exists');

async function nameTaken(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: sports.id })
    .from(sports)
    .where(and(sql`lower(${sports.name}) = lower(${name})`, exceptId ? ne(sports.id, exceptId) : undefined));
  return Boolean(row);
}

const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code) ===
  '23505';

export const sportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['teams'];
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/sports',
    {
      schema: {
        tags,
        summary: 'Add a sport (SUPER_ADMIN); names are unique ignoring case',
        body: sportInputSchema,
        response: { 201: apiResponseSchema(sportSchema) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      requireSuperAdmin(actor);
      const sport = await inTransaction(app.database.db, async (tx) => {
        if (await nameTaken(tx, request.body.name)) throw duplicate();
        const [row] = await tx.insert(sports).values(request.body).returning();
        if (!row) throw new Error('sport insert returned nothing');
        await recordAudit(tx, {
          organizationId: null,
          actorId: actor.id,
          action: 'sport.create',
          entityType: 'sport',
          entityId: row.id,
          summary: `Added the sport ${row.name}`,
          after: { name: row.name, icon: row.icon },
        });
        return row;
      }).catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate() : error;
      });
      return reply.code(201).send(ok(sport, 201, 'Sport added'));
    },
  );

  app.patch(
    '/sports/:id',
    {
      schema: {
        tags,
        summary: 'Rename a sport or change its icon (SUPER_ADMIN)',
        params: idParams,
        body: sportInputSchema.partial(),
        response: { 200: apiResponseSchema(sportSchema) },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      requireSuperAdmin(actor);
      const sport = await inTransaction(app.database.db, async (tx) => {
        const [before] = await tx.select().from(sports).where(eq(sports.id, request.params.id)).for('update');
        if (!before) throw notFound('Sport');
        if (request.body.name && (await nameTaken(tx, request.body.name, before.id))) throw duplicate();
        const [row] = await tx.update(sports).set(request.body).where(eq(sports.id, before.id)).returning();
        if (!row) throw notFound('Sport');
        const diff = changedFields({ name: before.name, icon: before.icon }, { name: row.name, icon: row.icon });
        if (diff) {
          await recordAudit(tx, {
            organizationId: null,
            actorId: actor.id,
            action: 'sport.update',
            entityType: 'sport',
            entityId: row.id,
            summary: `Updated the sport ${row.name} (${Object.keys(diff.after).join(', ')})`,
            ...diff,
          });
        }
        return row;
      }).catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate() : error;
      });
      return ok(sport, 200, 'Sport updated');
    },
  );

  app.delete(
    '/sports/:id',
    {
      schema: {
        tags,
        summary: 'Remove a sport no team uses (SUPER_ADMIN); 409 while teams use it',
        params: idParams,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      requireSuperAdmin(actor);
      await inTransaction(app.database.db, async (tx) => {
        // The row lock waits for any team being created with this sport, so the count is final.
        const [sport] = await tx.select().from(sports).where(eq(sports.id, request.params.id)).for('update');
        if (!sport) throw notFound('Sport');
        const [used] = await tx.select({ n: count() }).from(teams).where(eq(teams.sportId, sport.id));
        if ((used?.n ?? 0) > 0) {
          throw conflict(
            `${used?.n} team${used?.n === 1 ? '' : 's'} use ${sport.name}; it cannot be removed`,
            'sport_in_use',
          );
        }
        await tx.delete(sports).where(eq(sports.id, sport.id));
        await recordAudit(tx, {
          organizationId: null,
          actorId: actor.id,
          action: 'sport.delete',
          entityType: 'sport',
          entityId: sport.id,
          summary: `Removed the sport ${sport.name}`,
          before: { name: sport.name, icon: sport.icon },
        });
      });
      return ok(null, 200, 'Sport removed');
    },
  );
};
