/**
 * Who is asking: the bearer token (SPEC §7 sends the id token; access tokens are accepted too,
 * see docs/decisions/005) is verified by the identity service and mapped to the app's user.
 * Used by every REST route (`app.authenticate` as a preHandler) and the socket handshake.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { unauthorized } from '../../errors.ts';
import type { Identity } from '../../identity/setup.ts';

export type AppUser = typeof users.$inferSelect;
export type AuthContext = { user: AppUser; sub: string; claims: Record<string, unknown> };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** Verifies a token and loads its user; any failure is the same 401 'Unauthorized'. */
export async function authenticateToken(identity: Identity, db: Db, token: string | undefined): Promise<AuthContext> {
  if (!token) throw unauthorized();
  let verified: Awaited<ReturnType<Identity['verify']>>;
  try {
    verified = await identity.verify(token);
  } catch {
    throw unauthorized();
  }
  const [user] = await db.select().from(users).where(eq(users.identitySub, verified.sub)).limit(1);
  if (!user) throw unauthorized();
  return { user, sub: verified.sub, claims: verified.claims };
}

export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.auth = await authenticateToken(app.identity, app.database.db, bearerToken(request.headers.authorization));
  });
}

/** The authenticated context of a route that ran `app.authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
