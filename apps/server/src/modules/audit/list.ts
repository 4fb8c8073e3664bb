/** Reading the audit log: filters, pages and the CSV export share one query. */
import type { AuditEntry, AuditQuery } from '@fieldhouse/shared';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { likePattern } from '../users/list-users.ts';

/** `organizationId` null means every organization and the platform-wide entries (SUPER_ADMIN). */
export function auditFilter(organizationId: number | null, query: Omit<AuditQuery, 'page' | 'limit'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (organizationId !== null) conditions.push(eq(auditLog.organizationId, organizationId));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(auditLog.summary, pattern),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
      ),
    );
  }
  if (query.action) {
    // "user" matches every user action; "user.status" only that one.
    conditions.push(
      query.action.includes('.') ? eq(auditLog.action, query.action) : ilike(auditLog.action, `${query.action}.%`),
    );
  }
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  // A bare date is a day at the school: from its midnight, and "to" through the end of it.
  const zone =
    organizationId === null
      ? sql`'UTC'`
      : sql`coalesce((select timezone from organizations where id = ${organizationId}), 'UTC')`;
  const midnight = (date: string, plusDays: number) =>
    sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${zone})`;
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (query.from)
    conditions.push(gte(auditLog.createdAt, isDay(query.from) ? midnight(query.from, 0) : new Date(query.from)));
  if (query.to) conditions.push(lt(auditLog.createdAt, isDay(query.to) ? midnight(query.to, 1) : new Date(query.to)));
  return and(...conditions);
}

const entryFields = {
  entry: auditLog,
  actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
};

const selectEntries = (db: Db) => db.select(entryFields).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId));

type Row = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

export const presentAuditEntry = ({ entry, actor }: Row): AuditEntry => ({
  id: entry.id,
  organizationId: entry.organizationId,
  actor: actor?.id ? { id: actor.id, firstName: actor.firstName, lastName: actor.lastName, role: actor.role } : null,
  action: entry.action,
  entity: { type: entry.entityType, id: entry.entityId },
  summary: entry.summary,
  before: entry.before ?? null,
  after: entry.after ?? null,
  reason: entry.reason,
  createdAt: entry.createdAt.toISOString(),
});

/** The most entries one CSV export holds (about 25 MB); a larger one is refused, see routes.ts. */
export const AUDIT_EXPORT_MAX = 50_000;

const countWhere = async (db: Db, where: SQL | undefined) => {
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  return Number(total?.n ?? 0);
};

export const countAudit = (db: Db, organizationId: number | null, query: Omit<AuditQuery, 'page' | 'limit'>) =>
  countWhere(db, auditFilter(organizationId, query));

export async function listAudit(db: Db, organizationId: number | null, query: AuditQuery) {
  const where = auditFilter(organizationId, query);
  const [rows, totalCount] = await Promise.all([
    selectEntries(db)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countWhere(db, where),
  ]);
  return { result: rows.map(presentAuditEntry), totalCount };
}

/**
 * Every matching entry, newest first, a page of rows at a time (for the CSV export). Pages follow a
 * keyset cursor (the last entry's time and id), not an offset: the log grows while the file
 * streams, and each new entry would push the pages down a row and repeat one. The time goes back
 * as PostgreSQL printed it, so its microseconds are kept (a JS Date has milliseconds).
 */
export async function* auditRows(db: Db, organizationId: number | null, query: AuditQuery, max = AUDIT_EXPORT_MAX) {
  const where = auditFilter(organizationId, query);
  const pageSize = 1000;
  let cursor: { at: string; id: number } | undefined;
  for (let read = 0; read < max; read += pageSize) {
    const rows = await db
      .select({ ...entryFields, at: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(where, cursor && sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}, ${cursor.id})`))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(Math.min(pageSize, max - read));
    for (const row of rows) yield presentAuditEntry(row);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    cursor = { at: last.at, id: last.entry.id };
  }
}
