import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors.ts';
import { IdentityError, identityHttpError } from '../identity/errors.ts';
import { databaseInputError } from './database-errors.ts';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** "page: Expected number, received string" from a validation issue; the path says which field. */
function describeIssue(issue: Issue, context: string | undefined): string {
  const path = issue.params?.issue?.path?.join('.') || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const where = path ? `${path}` : (context ?? 'request');
  return `${where}: ${issue.message ?? 'is invalid'}`;
}

/** Stable ids for Fastify's own client errors (malformed JSON, body too large, media type). */
const FASTIFY_CLIENT_IDS: Record<number, string> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'body_too_large',
  415: 'unsupported_media_type',
};

/** The body every failure leaves with: SPEC §3's `{statusCode, message}` plus the stable `id`. */
export const errorBody = (statusCode: number, message: string, id: string) => ({ statusCode, message, id });

/**
 * One handler for every error: HttpErrors keep their status, validation failures become 400
 * with a message naming the field, anything unexpected is hidden behind a 500. Every error is
 * logged once with its id (the request logger adds the request id); ≥ 500 with the stack.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((caught: FastifyError, request, reply) => {
    // Identity errors carry Cognito's names; identity/errors.ts says once what each means over HTTP.
    // A database refusal of a value the request carried is the client's 4xx, not our 500.
    const error = caught instanceof IdentityError ? identityHttpError(caught) : (databaseInputError(caught) ?? caught);
    let body: ReturnType<typeof errorBody>;
    if (error instanceof HttpError) {
      body = errorBody(error.statusCode, error.message, error.id);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .slice(0, 3)
        .map((issue) => describeIssue(issue as Issue, error.validationContext))
        .join('; ');
      body = errorBody(400, `Invalid ${error.validationContext ?? 'request'}: ${message}`, 'validation_failed');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      body = errorBody(error.statusCode, error.message, FASTIFY_CLIENT_IDS[error.statusCode] ?? 'bad_request');
    } else {
      body = errorBody(500, 'Internal server error', 'internal');
    }
    if (body.statusCode >= 500) request.log.error({ err: caught, errorId: body.id }, 'request failed');
    else request.log.info({ errorId: body.id, statusCode: body.statusCode, reason: body.message }, 'request refused');
    return reply.code(body.statusCode).send(body);
  });
}
