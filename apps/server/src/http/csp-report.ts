/**
 * Browsers report Content-Security-Policy violations here (`report-uri` sends
 * application/csp-report, `report-to` sends application/reports+json). Each one is logged as a
 * warning with what was blocked where; a page that trips the policy is a bug to fix (or an attack
 * to notice). Unauthenticated by nature, so it is rate-limited per address and answers nothing.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { redactUrl } from '../logging/redact.ts';

const REPORTS_PER_MINUTE = 30;

/** The fields worth a log line, in either format (csp-report uses kebab-case, reports+json camelCase). */
const text = z.string().max(2000).optional();
const violation = z
  .object({
    'document-uri': text,
    documentURL: text,
    'effective-directive': text,
    'violated-directive': text,
    effectiveDirective: text,
    'blocked-uri': text,
    blockedURL: text,
    'source-file': text,
    sourceFile: text,
    'line-number': z.number().optional(),
    lineNumber: z.number().optional(),
    disposition: text,
  })
  .loose();
const reportSchema = z.union([
  z.object({ 'csp-report': violation }).loose(),
  z.array(z.object({ type: z.string(), body: violation }).loose()).max(50),
]);

const pathOf = (url: string | undefined) => {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return redactUrl(`${parsed.pathname}${parsed.search}`);
  } catch {
    return url.slice(0, 200);
  }
};

export const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch (error) {
        done(error as Error);
      }
    });
  }
  const limiter = app.rateLimits.create('csp-reports', REPORTS_PER_MINUTE);

  app.post(
    '/csp-report',
    {
      schema: {
        tags: ['system'],
        summary: 'Content-Security-Policy violation reports from browsers',
        security: [],
        body: reportSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!(await limiter.hit(request.ip)).allowed)
        throw new HttpError(429, 'Too many reports; try again in a minute', 'rate_limited');
      const reports = Array.isArray(request.body)
        ? request.body.filter((r) => r.type === 'csp-violation').map((r) => r.body)
        : [request.body['csp-report']];
      for (const r of reports) {
        request.log.warn(
          {
            document: pathOf(r['document-uri'] ?? r.documentURL),
            directive: r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive'],
            blocked: r['blocked-uri'] ?? r.blockedURL,
            source: pathOf(r['source-file'] ?? r.sourceFile),
            line: r['line-number'] ?? r.lineNumber,
            disposition: r.disposition,
          },
          'content security policy violation',
        );
      }
      return reply.code(204).send(null);
    },
  );
};
