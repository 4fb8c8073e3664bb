import pg from 'pg';

/** A client on the server's maintenance database, for CREATE/DROP DATABASE. */
export function adminUrl(url: string) {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  const client = new pg.Pool({ connectionString: parsed.toString(), max: 2 });
  client.on('error', () => {});
  return client;
}

export async function dropRunDatabases(admin: pg.Pool, runId: string) {
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${runId}%`,
  ]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
