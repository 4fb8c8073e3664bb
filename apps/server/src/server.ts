/**
 * The process: validate config, open the database, migrate, seed a first run, listen, and shut
 * down gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the DB).
 */
import { buildApp } from './app.ts';
import { type BootstrapResult, bootstrap } from './bootstrap.ts';
import { type Config, ConfigError, loadConfig, publicUrl } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { listenForMetrics } from './metrics/routes.ts';
import { DEMO_ATHLETE_EMAIL, DEMO_COACH_EMAIL, DEMO_PARENT_EMAIL } from './seed/demo.ts';

/** host:port/name of a connection URL, never its credentials. */
const where = (url: string, defaultPort: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || defaultPort}${parsed.pathname === '/' ? '' : parsed.pathname}`;
};

function banner(config: Config, url: string, result: BootstrapResult, metricsPort: number | undefined) {
  const database = config.DATABASE_URL
    ? `PostgreSQL at ${where(config.DATABASE_URL, '5432')}`
    : `PGlite in ${config.DATA_DIR}`;
  const identity =
    config.IDENTITY_MODE === 'cognito'
      ? `Amazon Cognito pool ${config.USER_POOL_ID} (${config.COGNITO_REGION})`
      : 'embedded user pool';
  const lines = [
    '',
    `  Fieldhouse is running at ${url}`,
    `  Member app: ${url}/m/ (coaches, athletes and guardians, on a phone)`,
    `  Database:  ${database}`,
    ...(config.REDIS_URL ? [`  Redis:     ${where(config.REDIS_URL, '6379')}`] : []),
    `  Sign-in:   ${identity}`,
    `  API docs:  ${url}/api/docs`,
    ...(metricsPort !== undefined ? [`  Metrics:   port ${metricsPort}, path /metrics (internal)`] : []),
  ];
  if (result.kind === 'demo') {
    const { admin, counts } = result.summary;
    lines.push(
      `  Demo data seeded: ${counts.teams} teams, ${counts.athletes} athletes, ${counts.guardians} guardians, ${counts.coaches} coaches`,
      `  Demo sign-in: ${admin.email} / ${admin.password}`,
      `  Members (same password): ${DEMO_COACH_EMAIL} (coach), ${DEMO_ATHLETE_EMAIL} (athlete under 18 on that coach's team), ${DEMO_PARENT_EMAIL} (their guardian)`,
    );
  } else if (result.kind === 'existing' && result.demoAdmin) {
    lines.push(`  Demo sign-in: ${result.demoAdmin.email} / ${result.demoAdmin.password} (unless you changed it)`);
  } else if (result.kind === 'admin') {
    lines.push(`  First administrator created: ${result.email} (password from FIELDHOUSE_ADMIN_PASSWORD)`);
  } else if (result.kind === 'empty') {
    lines.push(
      '  The database is empty: set FIELDHOUSE_ADMIN_EMAIL and FIELDHOUSE_ADMIN_PASSWORD to create the first administrator.',
    );
  }
  return `${lines.join('\n')}\n\n`;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await runMigrations(database);
  const app = await buildApp({ config, database });
  const result = await bootstrap(database, app.identity.admin, config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const metricsPort =
    config.METRICS_PORT === undefined
      ? undefined
      : await listenForMetrics(app, app.metrics, config.METRICS_PORT, config.HOST);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  process.stdout.write(banner(config, publicUrl(config, port), result, metricsPort));
}

main().catch((error: unknown) => {
  process.stderr.write(`Fieldhouse failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
