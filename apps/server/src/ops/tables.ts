/**
 * What backup and restore need to know about the app's tables, read from the catalog so a new
 * table or column is covered without touching this code: columns that can be written (generated
 * ones are computed again), primary keys (to page through big tables in order), serial columns
 * (whose sequences continue after the restored ids) and foreign keys (set aside while loading).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type TableInfo = {
  name: string;
  /** Columns a restore inserts, in table order: every column that is not GENERATED ALWAYS AS. */
  columns: string[];
  primaryKey: { column: string; type: string }[];
  /** Columns whose default is nextval(...): their sequence is set past the restored maximum. */
  serials: string[];
};

export type ForeignKey = { table: string; name: string; definition: string };

/** A quoted SQL identifier; names come from the catalog, but quoting keeps odd ones safe. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const rowsOf = async <R>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as R[];

export async function listTables(db: Db): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string; generated: boolean; serial: boolean }>(
    db,
    sql`select c.table_name, c.column_name,
          (c.is_generated = 'ALWAYS') as generated,
          coalesce(c.column_default like 'nextval(%', false) as serial
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const keys = await rowsOf<{ table_name: string; column_name: string; type: string }>(
    db,
    sql`select cl.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
        from pg_index i
        join pg_class cl on cl.oid = i.indrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
        join pg_attribute a on a.attrelid = cl.oid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary
        order by cl.relname, k.ord`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], primaryKey: [], serials: [] };
    tables.set(row.table_name, table);
    if (!row.generated) table.columns.push(row.column_name);
    if (row.serial) table.serials.push(row.column_name);
  }
  for (const row of keys) tables.get(row.table_name)?.primaryKey.push({ column: row.column_name, type: row.type });
  return [...tables.values()];
}

export async function listForeignKeys(db: Db): Promise<ForeignKey[]> {
  return rowsOf<ForeignKey>(
    db,
    sql`select cl.relname as "table", con.conname as name, pg_get_constraintdef(con.oid) as definition
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where n.nspname = 'public' and con.contype = 'f'
        order by cl.relname, con.conname`,
  );
}

/** Drizzle's record of applied migrations: how many, and the newest one's journal timestamp. */
export async function migrationLevel(db: Db): Promise<{ count: number; last: number }> {
  const [exists] = await rowsOf<{ ok: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists?.ok) return { count: 0, last: 0 };
  const [row] = await rowsOf<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: row?.count ?? 0, last: Number(row?.last ?? 0) };
}
