/**
 * Headers every API answer carries: people's data (children's, often) must not be kept by a
 * browser or a proxy cache (`no-store` unless the route chose its own caching, such as an
 * attachment). nosniff and the rest come from security-headers.ts on every response.
 */
import type { onSendHookHandler } from 'fastify';

export const apiHeaders: onSendHookHandler = async (_request, reply, payload) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return payload;
};
