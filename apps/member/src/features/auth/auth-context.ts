import { createContext } from 'react';
import type { Me } from './api/get-me.ts';

/**
 * Signed in as a coach, athlete or guardian; or as a member of staff, whom this app points to the
 * admin app (their session stays: the admin app at / opens signed in).
 */
export type AuthState =
  | { status: 'signedOut' }
  /** `offline`: started without the server, from the last-read copy (features/offline). */
  | ({ status: 'signedIn'; offline?: boolean } & Me)
  | ({ status: 'staff' } & Me);

export type SignInCheck = { ok: true; state: AuthState } | { ok: false; reason: 'blocked' | 'no-user' };

export type Auth = {
  state: AuthState;
  /** Reads /auth/me for the session Amplify just opened and applies the member app's rules. */
  completeSignIn: () => Promise<SignInCheck>;
  /** `everywhere` ends every session of the person (Amplify's global sign-out), not only this device's. */
  signOut: (options?: { everywhere?: boolean }) => Promise<void>;
};

export const AuthContext = createContext<Auth | null>(null);
