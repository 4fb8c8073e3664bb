/**
 * Security headers on every answer (decision 014). Anything that is not a page (API JSON,
 * attachments, assets) gets a Content-Security-Policy that allows nothing, so a file someone
 * uploaded can never run as a page of ours. The SPA's page gets its own strict policy with a
 * fresh nonce per response (`appShellPolicy`, sent by http/spa.ts); swagger's page has its own
 * (`API_DOCS_POLICY`). HSTS only when the public address is https.
 */
import { randomBytes } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Where browsers send violation reports (http/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
const REPORT_GROUP = 'csp';

type Directives = Record<string, string[]>;
const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

const isHttps = (config: Pick<Config, 'PUBLIC_URL'>) => config.PUBLIC_URL?.startsWith('https:') ?? false;

/** A per-response nonce: 128 random bits, as CSP asks. */
export const createNonce = () => randomBytes(16).toString('base64');

/**
 * Where the SPA may connect besides its own origin: the public address and its socket (when the
 * page is reached under another name), a real Cognito pool, and Sentry for socket error reports.
 */
export function connectSources(config: Config): string[] {
  const sources = ["'self'"];
  if (config.PUBLIC_URL) {
    const origin = new URL(config.PUBLIC_URL).origin;
    sources.push(origin, origin.replace(/^http/, 'ws'));
  }
  if (config.IDENTITY_MODE === 'cognito') {
    // The web signs in where /api/config's userPoolEndpoint points: COGNITO_ENDPOINT if set.
    if (config.COGNITO_ENDPOINT) sources.push(new URL(config.COGNITO_ENDPOINT).origin);
    else if (config.COGNITO_REGION) sources.push(`https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com`);
  }
  if (config.SENTRY_DSN) sources.push(new URL(config.SENTRY_DSN).origin);
  return [...new Set(sources)];
}

/**
 * The SPA page's policy. Scripts run only from the nonce'd entry and what it imports
 * ('strict-dynamic'), so nothing on our origin can be smuggled in as a script, not even an
 * uploaded file. Styles: our stylesheets plus <style> elements carrying the nonce (Mantine's
 * CSS variables and responsive props, FullCalendar's rules); style attributes set from script
 * (CSSOM) are not subject to CSP, markup style attributes are refused. Images may come from any
 * https address because profile pictures (`userImage`) are arbitrary URLs.
 */
export function appShellPolicy(config: Config, nonce: string): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'"],
    'script-src-attr': ["'none'"],
    // The member app's service worker (/m/sw.js, decision 021): a worker would otherwise fall back
    // to script-src, whose nonce a worker's URL cannot carry.
    'worker-src': ["'self'"],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': connectSources(config),
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
    'report-uri': [CSP_REPORT_PATH],
    'report-to': [REPORT_GROUP],
  });
}

/**
 * Swagger UI at /api/docs: its own scripts only, but its bundle adds <style> elements it cannot
 * give a nonce (checked in Chromium), so styles are 'unsafe-inline' on that page alone. Scripts
 * stay strict; the page shows no data beyond what a token the reader pastes can fetch.
 */
export const API_DOCS_POLICY = serialize({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'report-uri': [CSP_REPORT_PATH],
});

/**
 * The member app's service worker (/m/sw.js, decision 021): a worker runs under its own script's
 * policy, so the API's `default-src 'none'` would stop it fetching the shell it caches. It may
 * fetch its own origin and nothing else.
 */
export const SERVICE_WORKER_POLICY = serialize({ 'default-src': ["'none'"], 'connect-src': ["'self'"] });

/** Features the admin app never uses; a compromised page cannot ask for them either. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** The headers only a page needs, on top of the ones every answer gets. */
export const appShellHeaders = (config: Config, nonce: string) => ({
  'content-security-policy': appShellPolicy(config, nonce),
  'permissions-policy': PERMISSIONS_POLICY,
  'reporting-endpoints': `${REPORT_GROUP}="${CSP_REPORT_PATH}"`,
});

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
    },
    // Browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Headers for browsers and plugins that no longer exist cost bytes on every asset and say nothing.
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  });
}
