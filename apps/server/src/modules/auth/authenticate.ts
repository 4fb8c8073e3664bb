/**
 * Who is asking: the bearer token (SPEC §7 sends the id token; access tokens are accepted too,
 * see docs/decisions/005) is verified by the identity service and mapped to the app's user.
 * Used by every REST route (`app.authenticate` as a preHandler) and the socket handshake.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { organizations, users } from '../../db/schema/index.ts';
import { forbidden, unauthorized } from '../../errors.ts';
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

const userBySub = preparedStatement((db) =>
  db
    .select({ user: users, deactivatedAt: organizations.deactivatedAt })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.identitySub, sql.placeholder('sub')))
    .limit(1)
    .prepare('auth_user_by_sub'),
);

const readUser = (db: Db, sub: string) =>
  userBySub(db)
    .execute({ sub })
    .then(([found]) => found);

/**
 * Verifies a token and loads its user; any failure is the same 401 'Unauthorized'. The user is
 * read beside the pool's sign-in check, once the signature holds (every request saves a round
 * trip); it is used only if the whole verification passes, for the sub it verified.
 */
export async function authenticateToken(identity: Identity, db: Db, token: string | undefined): Promise<AuthContext> {
  if (!token) throw unauthorized();
  let beside: { sub: string; read: ReturnType<typeof readUser> } | undefined;
  let verified: Awaited<ReturnType<Identity['verify']>>;
  try {
    verified = await identity.verify(token, (sub) => {
      beside = { sub, read: readUser(db, sub) };
      // A refused token's read is dropped; its failure must not go unhandled.
      beside.read.catch(() => {});
    });
  } catch {
    throw unauthorized();
  }
  const found = await (beside?.sub === verified.sub ? beside.read : readUser(db, verified.sub));
  if (!found) throw unauthorized();
  // A deactivated organization's people are refused like a blocked account (decision 012); a
  // SUPER_ADMIN is not, so they can reactivate it.
  if (found.deactivatedAt && found.user.role !== 'SUPER_ADMIN') {
    throw forbidden('Your organization is deactivated.', 'organization_deactivated');
  }
  return { user: found.user, sub: verified.sub, claims: verified.claims };
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
