import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors.ts';
import { IdentityError, identityHttpError } from '../identity/errors.ts';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** "page: Expected number, received string" from a validation issue; the path says which field. */
function describeIssue(issue: Issue, context: string | undefined): string {
  const path = issue.params?.issue?.path?.join('.') || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const where = path ? `${path}` : (context ?? 'request');
  return `${where}: ${issue.message ?? 'is invalid'}`;
}

/**
 * One handler for every error: HttpErrors keep their status, validation failures become 400
 * with a message naming the field, anything unexpected is logged and hidden behind a 500.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((caught: FastifyError, request, reply) => {
    // Identity errors carry Cognito's names; identity/errors.ts says once what each means over HTTP.
    const error = caught instanceof IdentityError ? identityHttpError(caught) : caught;
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: caught }, 'request failed');
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .slice(0, 3)
        .map((issue) => describeIssue(issue as Issue, error.validationContext))
        .join('; ');
      return reply
        .code(400)
        .send({ statusCode: 400, message: `Invalid ${error.validationContext ?? 'request'}: ${message}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.code(status).send({ statusCode: status, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ statusCode: 500, message: 'Internal server error' });
  });
}
