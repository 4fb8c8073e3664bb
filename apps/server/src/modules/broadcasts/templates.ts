/**
 * A school's own broadcast templates (decision 029): saved from the composer by the athletic
 * office, listed next to the built-in ones, deleted when stale. Each change is audited in its
 * transaction. Names are unique per school (case-insensitive, by the index): a second "Bus
 * change" is 409 rather than a silent copy.
 */
import {
  BROADCAST_ERROR_IDS,
  BROADCAST_SCHOOL_TEMPLATES_MAX,
  type BroadcastSchoolTemplate,
  type broadcastTemplateInputSchema,
} from '@fieldhouse/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type BroadcastTemplateRow, broadcastTemplates, organizations } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';

type TemplateInput = z.output<typeof broadcastTemplateInputSchema>;

const present = (row: BroadcastTemplateRow): BroadcastSchoolTemplate => ({
  id: row.id,
  name: row.name,
  content: row.content,
  requireAck: row.requireAck,
  createdAt: row.createdAt.toISOString(),
});

export async function listTemplates(db: Db, organizationId: number) {
  const rows = await db
    .select()
    .from(broadcastTemplates)
    .where(eq(broadcastTemplates.organizationId, organizationId))
    .orderBy(asc(sql`lower(${broadcastTemplates.name})`), asc(broadcastTemplates.id));
  return rows.map(present);
}

export function saveTemplate(db: Db, user: AppUser, organizationId: number, input: TemplateInput) {
  return inTransaction(db, async (tx) => {
    // Saves of one school queue here, so parallel ones cannot each count 49 and all insert.
    // NO KEY UPDATE: rows that only reference the school (messages, people) are not held up.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('no key update');
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(broadcastTemplates)
      .where(eq(broadcastTemplates.organizationId, organizationId));
    if (Number(count?.n ?? 0) >= BROADCAST_SCHOOL_TEMPLATES_MAX) {
      throw conflict(
        `A school keeps at most ${BROADCAST_SCHOOL_TEMPLATES_MAX} templates: delete one first`,
        BROADCAST_ERROR_IDS.templatesFull,
      );
    }
    const [row] = await tx
      .insert(broadcastTemplates)
      .values({
        organizationId,
        name: input.name,
        content: input.content,
        requireAck: input.requireAck,
        createdBy: user.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`A template named “${input.name}” already exists`, BROADCAST_ERROR_IDS.templateTaken);
    await recordAudit(tx, {
      organizationId,
      actorId: user.id,
      action: 'broadcast-template.create',
      entityType: 'broadcast_template',
      entityId: row.id,
      summary: `Saved the broadcast template “${row.name}”`,
      after: present(row),
    });
    return present(row);
  });
}

/** Deletes one of the school's templates; another school's is 404 like everywhere. */
export function deleteTemplate(db: Db, user: AppUser, organizationId: number, id: number) {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .delete(broadcastTemplates)
      .where(and(eq(broadcastTemplates.id, id), eq(broadcastTemplates.organizationId, organizationId)))
      .returning();
    if (!row) throw notFound('Template');
    await recordAudit(tx, {
      organizationId,
      actorId: user.id,
      action: 'broadcast-template.delete',
      entityType: 'broadcast_template',
      entityId: row.id,
      summary: `Deleted the broadcast template “${row.name}”`,
      before: present(row),
    });
    return present(row);
  });
}
