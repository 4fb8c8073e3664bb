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

/** TRUST_PROXY as Fastify takes it: false, true, a hop count or a list of addresses/CIDRs. */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const parts = v.split(',').map((part) => part.trim());
    const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$/;
    if (parts.every((part) => address.test(part))) return parts.join(',');
    ctx.addIssue({ code: 'custom', message: 'must be false, true, a hop count or a list of addresses/CIDR ranges' });
    return z.NEVER;
  });

const boolFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A value where an empty string (`KEY=` in a .env file) means unset. */
const optionalText = (schema: z.ZodString) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(schema.optional());

/** A folder inside the bucket: `fieldhouse/attachments`, stored as `fieldhouse/attachments/`. */
const keyPrefix = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\/+|\/+$/g, ''))
  .refine(
    (v) => v === '' || v.split('/').every((part) => /^[\w.-]+$/.test(part) && part !== '.' && part !== '..'),
    'must be folder names of letters, digits, ".", "_" and "-" separated by "/"',
  )
  .transform((v) => (v === '' ? '' : `${v}/`));

/** Decodes a secret given as hex or base64. */
export const secretBytes = (value: string) =>
  /^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');

/** The push services of the browsers people use (Chrome/Edge/Opera, Firefox, Safari, Windows). */
const DEFAULT_PUSH_ENDPOINT_HOSTS =
  'fcm.googleapis.com,android.googleapis.com,*.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';
const VAPID_PUBLIC_MESSAGE = 'must be a P-256 public key in base64url (87 characters starting with B)';
const VAPID_PRIVATE_MESSAGE = 'must be a P-256 private key in base64url (43 characters)';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where PGlite keeps its data when DATABASE_URL is unset. */
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/).optional(),
  REDIS_URL: optionalUrl(/^rediss?$/).optional(),
  /** Names every Redis key and stream of this install, so installs (or test runs) can share a server. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,60}$/, 'must be 1–60 letters, digits, ".", "_" or "-"')
    .default('fieldhouse'),
  /** The address people use to reach the app; printed at start-up and used for links. */
  PUBLIC_URL: optionalUrl(/^https?$/).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines in a terminal, JSON otherwise and always when NODE_ENV=production. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** Bearer token that opens GET /metrics on the main port; unset, the main port has no /metrics. */
  METRICS_TOKEN: optionalText(z.string().min(16, 'must be at least 16 characters')).optional(),
  /** A second, internal port serving only GET /metrics, without a token (keep it off the load balancer). */
  METRICS_PORT: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), port.optional()),
  /**
   * Which proxies may set X-Forwarded-For: unset/false (none, the default), true (any: only
   * when nothing else can reach the port), a hop count (1 = the load balancer in front), or a
   * comma-separated list of addresses and CIDR ranges (10.0.0.0/8, 127.0.0.1).
   */
  TRUST_PROXY: trustProxy.default(false),
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
  /** Where the built member app lives (served under /m/); defaults to apps/member/dist. */
  MEMBER_DIST_DIR: z.string().optional(),
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
  /**
   * A Cognito-compatible server instead of Amazon Cognito (cognito-local in tests); its tokens
   * must be issued by <COGNITO_ENDPOINT>/<USER_POOL_ID>.
   */
  COGNITO_ENDPOINT: optionalUrl(/^https?$/).optional(),
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
  /** Keep finished chat attachments in this S3 (or S3-compatible) bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: optionalText(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be 3–63 lower-case letters, digits, dots and hyphens'),
  ).optional(),
  /** An S3-compatible service (MinIO, Cloudflare R2, Ceph…); unset means Amazon S3. */
  S3_ENDPOINT: optionalUrl(/^https?$/).optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as us-east-1 (auto for Cloudflare R2)')
    .default('us-east-1'),
  /** Address the bucket as <endpoint>/<bucket> rather than <bucket>.<endpoint>; MinIO needs it. */
  S3_FORCE_PATH_STYLE: boolFlag.default(false),
  /** Object keys start with this folder, e.g. fieldhouse/attachments. */
  S3_PREFIX: keyPrefix.default(''),
  /** Keys for the bucket alone; unset: the AWS SDK's default chain (AWS_ACCESS_KEY_ID…, a role). */
  S3_ACCESS_KEY_ID: optionalText(z.string()).optional(),
  S3_SECRET_ACCESS_KEY: optionalText(z.string()).optional(),
  /**
   * The VAPID key pair web push is signed with (base64url: the 65-byte public key, the 32-byte
   * private key; `npx web-push generate-vapid-keys`). Unset: made once and kept sealed in the
   * database, so every node signs with the same pair (decision 028).
   */
  VAPID_PUBLIC_KEY: optionalText(z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, VAPID_PUBLIC_MESSAGE)).optional(),
  VAPID_PRIVATE_KEY: optionalText(z.string().regex(/^[A-Za-z0-9_-]{43}=?$/, VAPID_PRIVATE_MESSAGE)).optional(),
  /** Who push services contact about our pushes: a mailto: or https: address; unset, MAIL_FROM's address. */
  VAPID_SUBJECT: optionalText(
    z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: address'),
  ).optional(),
  /**
   * The push services subscriptions may name (SSRF guard): host names, `*.` for subdomains.
   * http: endpoints are taken only for loopback hosts listed here (a test's local push service).
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_ENDPOINT_HOSTS)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^(\*\.)?[a-z0-9.:[\]-]+$/, 'must be host names, optionally starting with *.'))),
  /** The e-mail digest goes to people away from the app this long with something unread (decision 028). */
  DIGEST_AFTER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** How often one node looks for digests to send. */
  DIGEST_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type Config = z.infer<typeof envSchema>;

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

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
    // A mistyped S3_BUCKET must not quietly leave attachments on one node's disk.
    const s3Settings = S3_SETTINGS.filter((key) => (env[key] ?? '').trim() !== '');
    if (!config.S3_BUCKET && s3Settings.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${s3Settings.join(', ')} ${s3Settings.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not (S3_BUCKET turns the S3 attachment store on)`,
      );
    }
    if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
      throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    }
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
    }
    return config;
  }
  const lines = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? 'environment');
    const value = env[key];
    const shown =
      value === undefined || /PASSWORD|SECRET|TOKEN|URL|ACCESS_KEY|PRIVATE_KEY/.test(key) ? '' : ` (got "${value}")`;
    return `Invalid configuration: ${key}${shown}: ${issue.message}`;
  });
  throw new ConfigError(lines.join('\n'));
}

/** The URL printed at start-up and used in links. */
export const publicUrl = (config: Config, port: number) => config.PUBLIC_URL ?? `http://localhost:${port}`;
