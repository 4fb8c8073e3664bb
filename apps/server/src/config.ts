/**
 * The server's environment, validated once at start-up. A bad value stops the process with one
 * line naming the variable (see `loadConfig`), never a stack trace.
 */
import { resolve } from 'node:path';
import { CHAT } from '@fieldhouse/shared';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: protocols }).optional());

const boolFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Decodes a secret given as hex or base64. */
export const secretBytes = (value: string) =>
  /^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where PGlite keeps its data when DATABASE_URL is unset. */
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/).optional(),
  REDIS_URL: optionalUrl(/^rediss?$/).optional(),
  /** The address people use to reach the app; printed at start-up and used for links. */
  PUBLIC_URL: optionalUrl(/^https?$/).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated origins allowed to open sockets and call the identity endpoint cross-origin. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  FIELDHOUSE_ADMIN_EMAIL: z.email().optional(),
  FIELDHOUSE_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Seed the demo high school on an empty database when no first administrator is configured. */
  SEED_DEMO: boolFlag.default(true),
  /** Where the built SPA lives; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().optional(),
  /** Cognito user-pool id and client id; the embedded pool uses these names too. */
  USER_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9A-Za-z]+$/, 'must look like <region>_<name>')
    .default('local_fieldhouse'),
  USER_POOL_CLIENT_ID: z.string().min(1).default('fieldhouse-web'),
  /** embedded: the built-in Cognito-compatible pool; cognito: a real Amazon Cognito pool. */
  IDENTITY_MODE: z.enum(['embedded', 'cognito']).default('embedded'),
  /** Seals SRP verifiers and signing keys (≥ 32 bytes, base64 or hex). Unset: a key file in DATA_DIR. */
  IDENTITY_SECRET: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || secretBytes(v).length >= 32,
      'must be at least 32 bytes, base64 or hex',
    ),
  /** Token issuer of the embedded pool; defaults to <PUBLIC_URL>/<USER_POOL_ID>. */
  IDENTITY_ISSUER: optionalUrl(/^https?$/).optional(),
  COGNITO_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1')
    .optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(99).default(8),
  PASSWORD_REQUIRE_SYMBOLS: boolFlag.default(false),
  ALLOW_SELF_SIGN_UP: boolFlag.default(true),
  /** Sign-in attempts per IP per minute on the embedded pool. */
  IDENTITY_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** smtp(s)://user:pass@host:port; unset keeps mail in the outbox table (dev outbox view). */
  SMTP_URL: optionalUrl(/^smtps?$/).optional(),
  MAIL_FROM: z.string().default('Fieldhouse <no-reply@fieldhouse.local>'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Time a chunked upload has to finish (SPEC §7: 300 s); shorter only in tests. */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().positive().default(CHAT.uploadTimeoutMs),
  SENTRY_DSN: optionalUrl(/^https?$/).optional(),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError whose message is one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) {
    // npm runs workspace scripts inside the workspace; relative paths mean where npm was invoked.
    const base = env.INIT_CWD ?? process.cwd();
    const config = { ...parsed.data, DATA_DIR: resolve(base, parsed.data.DATA_DIR) };
    if (Boolean(config.FIELDHOUSE_ADMIN_EMAIL) !== Boolean(config.FIELDHOUSE_ADMIN_PASSWORD)) {
      throw new ConfigError(
        'Invalid configuration: FIELDHOUSE_ADMIN_EMAIL and FIELDHOUSE_ADMIN_PASSWORD must be set together',
      );
    }
    if (config.IDENTITY_MODE === 'cognito' && !config.COGNITO_REGION) {
      throw new ConfigError('Invalid configuration: COGNITO_REGION is required when IDENTITY_MODE=cognito');
    }
    return config;
  }
  const lines = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? 'environment');
    const value = env[key];
    const shown = value === undefined || /PASSWORD|SECRET|URL/.test(key) ? '' : ` (got "${value}")`;
    return `Invalid configuration: ${key}${shown}: ${issue.message}`;
  });
  throw new ConfigError(lines.join('\n'));
}

/** The URL printed at start-up and used in links. */
export const publicUrl = (config: Config, port: number) => config.PUBLIC_URL ?? `http://localhost:${port}`;
