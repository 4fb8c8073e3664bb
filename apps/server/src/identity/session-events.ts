/**
 * How identity tells the rest of the server that sign-ins ended (sign-out everywhere, a password
 * reset or change, an account switched off), without knowing about sockets: app.ts subscribes
 * and disconnects the sockets those sign-ins opened.
 */
import type { FastifyBaseLogger } from 'fastify';

/**
 * Which sign-ins ended: one (`sessionId`, the tokens' `origin_jti`), or all of an account's, or
 * all but the one that asked (`exceptSessionId`: a password change keeps the device it came from).
 */
export type SessionsRevoked = { sub: string; sessionId?: string; exceptSessionId?: string };
export type SessionsRevokedListener = (event: SessionsRevoked) => unknown;

export class SessionEvents {
  private readonly listeners = new Set<SessionsRevokedListener>();

  constructor(private readonly log: FastifyBaseLogger) {}

  on(listener: SessionsRevokedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs every listener; one failing is logged and never undoes the sign-out. */
  async emit(event: SessionsRevoked): Promise<void> {
    await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener(event);
        } catch (err) {
          this.log.error({ err, sub: event.sub }, 'ending revoked sessions failed');
        }
      }),
    );
  }
}
