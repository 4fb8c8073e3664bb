/**
 * Facilities (decision 010): list, create, edit, archive — and the lookup events use to turn a
 * `facilityId` or an old client's facility name into the record. Names are unique per school,
 * case-insensitively (409). A rename rewrites the name its events keep (`calendar_events.facility`)
 * in the same transaction, so notices, feeds and CSV print the new name.
 */
import type { Facility, FacilityInput, FacilityUpdate } from '@fieldhouse/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarEvents, type FacilityRow, facilities } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';

export const presentFacility = (row: FacilityRow): Facility => ({
  id: row.id,
  name: row.name,
  address: row.address,
  capacity: row.capacity,
  hours: row.hours,
  archived: row.archived,
});

export async function listFacilities(db: Db, organizationId: number, includeArchived: boolean) {
  const rows = await db
    .select()
    .from(facilities)
    .where(
      and(eq(facilities.organizationId, organizationId), includeArchived ? undefined : eq(facilities.archived, false)),
    )
    .orderBy(asc(facilities.archived), asc(sql`lower(${facilities.name})`));
  return rows.map(presentFacility);
}

/** A facility of the organization, or 404 (another school's is not there). */
export async function findFacility(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.id, id), eq(facilities.organizationId, organizationId)));
  if (!row) throw notFound('Facility');
  return row;
}

async function nameTaken(db: Db, organizationId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(
      and(
        eq(facilities.organizationId, organizationId),
        eq(sql`lower(${facilities.name})`, name.toLowerCase()),
        exceptId ? ne(facilities.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

const duplicate = (name: string) => conflict(`A facility named “${name}” already exists`, 'facility_exists');

/** The unique index is the last word when two requests race past the check. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

type Actor = { id: number };

export async function createFacility(
  db: Db,
  actor: Actor,
  organizationId: number,
  input: FacilityInput & { name: string },
) {
  if (await nameTaken(db, organizationId, input.name)) throw duplicate(input.name);
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(facilities)
        .values({
          organizationId,
          name: input.name,
          address: input.address ?? null,
          capacity: input.capacity ?? null,
          hours: input.hours ?? null,
        })
        .returning();
      if (!row) throw new Error('facility insert returned nothing');
      await recordAudit(tx, {
        organizationId,
        actorId: actor.id,
        action: 'facility.create',
        entityType: 'facility',
        entityId: row.id,
        summary: `Added facility “${row.name}”`,
        after: presentFacility(row),
      });
      return presentFacility(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name);
    throw error;
  }
}

export async function updateFacility(db: Db, actor: Actor, organizationId: number, id: number, body: FacilityUpdate) {
  const before = await findFacility(db, organizationId, id);
  if (body.name !== undefined && (await nameTaken(db, organizationId, body.name, id))) throw duplicate(body.name);
  const set: Partial<typeof facilities.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.address !== undefined) set.address = body.address || null;
  if (body.capacity !== undefined) set.capacity = body.capacity;
  if (body.hours !== undefined) set.hours = body.hours || null;
  if (body.archived !== undefined) set.archived = body.archived;
  if (Object.keys(set).length === 0) return presentFacility(before);
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx.update(facilities).set(set).where(eq(facilities.id, id)).returning();
      if (!row) throw notFound('Facility');
      if (row.name !== before.name) {
        // Events keep the name they print; a rename is one change everywhere.
        await tx.update(calendarEvents).set({ facility: row.name }).where(eq(calendarEvents.facilityId, id));
      }
      await recordAudit(tx, {
        organizationId,
        actorId: actor.id,
        action: body.archived === true ? 'facility.archive' : 'facility.update',
        entityType: 'facility',
        entityId: id,
        summary: body.archived === true ? `Archived facility “${row.name}”` : `Updated facility “${row.name}”`,
        before: presentFacility(before),
        after: presentFacility(row),
      });
      return presentFacility(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(body.name ?? before.name);
    throw error;
  }
}

/**
 * The facility an event names, inside the calendar change's transaction: by id (404 if not the
 * school's; an archived one only if the event already had it), else by name — matched
 * case-insensitively, or created, so old clients and CSV imports keep working.
 */
export async function resolveEventFacility(
  tx: Db,
  organizationId: number,
  wanted: { facilityId?: number | null | undefined; facility?: string | null | undefined },
  currentId: number | null = null,
): Promise<{ facilityId: number | null; facility: string | null } | undefined> {
  if (wanted.facilityId !== undefined && wanted.facilityId !== null && wanted.facilityId > 0) {
    const row = await findFacility(tx, organizationId, wanted.facilityId);
    if (row.archived && row.id !== currentId) throw badRequest(`The facility “${row.name}” is archived`);
    return { facilityId: row.id, facility: row.name };
  }
  if (wanted.facilityId === 0 || (wanted.facilityId === null && !wanted.facility)) {
    return { facilityId: null, facility: null };
  }
  if (wanted.facility === undefined) return undefined;
  const name = wanted.facility?.trim();
  if (!name) return { facilityId: null, facility: null };
  const [existing] = await tx
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, organizationId), eq(sql`lower(${facilities.name})`, name.toLowerCase())));
  if (existing) return { facilityId: existing.id, facility: existing.name };
  // Nothing to do on a conflict: a facility of that name was added meanwhile, and is taken.
  const [created] = await tx.insert(facilities).values({ organizationId, name }).onConflictDoNothing().returning();
  if (created) return { facilityId: created.id, facility: created.name };
  const id = await facilityIdByName(tx, organizationId, name);
  const row = id ? await findFacility(tx, organizationId, id) : undefined;
  if (!row) throw new Error('facility vanished after a name conflict');
  return { facilityId: row.id, facility: row.name };
}

/** An old client's facility name → the record's id (no record: nothing to conflict with). */
export async function facilityIdByName(db: Db, organizationId: number, name: string | undefined) {
  const wanted = name?.trim().toLowerCase();
  if (!wanted) return null;
  const [row] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.organizationId, organizationId), eq(sql`lower(${facilities.name})`, wanted)));
  return row?.id ?? null;
}
