/**
 * The embedded user pool's HTTP face: one POST endpoint speaking Cognito's JSON protocol
 * (`X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>`). Errors are HTTP 400 with
 * `{__type, message}` and the `x-amzn-errortype` header, as Amplify and the AWS SDK parse them.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IDENTITY_PATH = '/api/identity';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';

export type IdentityOperation = (input: Record<string, unknown>) => Promise<Record<string, unknown>>;

export class IdentityError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function sendIdentityError(reply: FastifyReply, type: string, message: string, status = 400) {
  return reply
    .code(status)
    .header('x-amzn-errortype', type)
    .type(AMZ_JSON)
    .send(JSON.stringify({ __type: type, message }));
}

export async function registerIdentityEndpoint(app: FastifyInstance, operations: Record<string, IdentityOperation>) {
  // Amplify and the SDK send application/x-amz-json-1.1; parse it as JSON.
  app.addContentTypeParser(AMZ_JSON, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(new IdentityError('SerializationException', 'Request body is not valid JSON'));
    }
  });

  app.post(IDENTITY_PATH, { schema: { hide: true } }, async (request, reply) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
    if (!operation) return sendIdentityError(reply, 'UnknownOperationException', `Unknown operation ${name || target}`);
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return sendIdentityError(reply, 'InvalidParameterException', 'Request body must be a JSON object');
    }
    try {
      const result = await operation(body as Record<string, unknown>);
      return reply.type(AMZ_JSON).send(JSON.stringify(result));
    } catch (error) {
      if (error instanceof IdentityError) return sendIdentityError(reply, error.type, error.message);
      request.log.error({ err: error, operation: name }, 'identity operation failed');
      return sendIdentityError(reply, 'InternalErrorException', 'An internal error occurred', 500);
    }
  });
}
