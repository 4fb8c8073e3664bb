/**
 * The embedded user pool's HTTP face: one POST endpoint speaking Cognito's JSON protocol
 * (`X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>`), its CORS preflight, and the
 * JWKS. Errors are HTTP 400 with `{__type, message}` and `x-amzn-errortype`, as Amplify and the
 * AWS SDK parse them (IDENTITY-NOTES §4, §8).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IdentityError } from './errors.ts';
import { ADMIN_OPERATION_PREFIX, RATE_LIMITED, refundsOnSuccess } from './operations.ts';
import type { Identity } from './setup.ts';

export const IDENTITY_PATH = '/api/identity';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers':
    'amz-sdk-invocation-id, amz-sdk-request, cache-control, content-type, x-amz-target, x-amz-user-agent, authorization, x-amz-date, x-amz-content-sha256, x-amz-security-token',
  'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid',
  'access-control-max-age': '600',
};

function sendError(reply: FastifyReply, type: string, message: string, status = 400) {
  return reply
    .code(status)
    .headers(CORS)
    .header('x-amzn-errortype', type)
    .header('x-amzn-requestid', reply.request.id)
    .type(AMZ_JSON)
    .send(JSON.stringify({ __type: type, message }));
}

export async function registerIdentityEndpoint(app: FastifyInstance, identity: Identity, rateLimit: number) {
  const embedded = identity.embedded;
  // Amplify and the SDK send application/x-amz-json-1.1; parse it as JSON.
  app.addContentTypeParser(AMZ_JSON, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(new IdentityError('SerializationException', 'Request body is not valid JSON'));
    }
  });
  const limiter = app.rateLimits.create('identity', rateLimit);

  app.options(IDENTITY_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).headers(CORS).send(),
  );

  app.post(
    IDENTITY_PATH,
    {
      schema: { hide: true },
      // Body parse failures must still answer in Cognito's format.
      errorHandler: (error, _request, reply) =>
        sendError(reply, error instanceof IdentityError ? error.type : 'SerializationException', error.message),
    },
    async (request, reply) => {
      if (!embedded)
        return sendError(reply, 'UnknownOperationException', 'The embedded user pool is off (IDENTITY_MODE=cognito)');
      const target = String(request.headers['x-amz-target'] ?? '');
      const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      if (name.startsWith(ADMIN_OPERATION_PREFIX)) {
        // Admin operations act on other people's accounts: the server calls them in-process only.
        return sendError(reply, 'AccessDeniedException', 'Admin operations are not available over this endpoint.');
      }
      const operation = Object.hasOwn(embedded.operations, name) ? embedded.operations[name] : undefined;
      if (!operation) return sendError(reply, 'UnknownOperationException', `Unknown operation ${name || target}`);
      if (RATE_LIMITED.has(name) && !(await limiter.hit(request.ip)).allowed) {
        return sendError(reply, 'TooManyRequestsException', 'Rate exceeded');
      }
      const body = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return sendError(reply, 'InvalidParameterException', 'Request body must be a JSON object');
      }
      try {
        const result = await operation(body);
        if (RATE_LIMITED.has(name))
          await limiter.refund(request.ip, refundsOnSuccess(name, body as Record<string, unknown>));
        return reply.headers(CORS).header('x-amzn-requestid', request.id).type(AMZ_JSON).send(JSON.stringify(result));
      } catch (error) {
        if (error instanceof IdentityError) return sendError(reply, error.type, error.message);
        request.log.error({ err: error, operation: name }, 'identity operation failed');
        return sendError(reply, 'InternalErrorException', 'An internal error occurred', 500);
      }
    },
  );

  if (embedded) {
    const jwks = { schema: { hide: true } };
    const send = async (_request: unknown, reply: FastifyReply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .send(embedded.jwks());
    app.get('/.well-known/jwks.json', jwks, send);
    app.get(`/${app.config.USER_POOL_ID}/.well-known/jwks.json`, jwks, send);
  }
}
