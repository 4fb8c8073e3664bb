import { createContext } from 'react';
import type { Me } from './api/get-me.ts';

export type AuthState = { status: 'signedOut' } | ({ status: 'signedIn' } & Me);

export type Auth = {
  state: AuthState;
  /** Verifies the signed-in Amplify session against /auth/me and the web-app rules (SPEC §5). */
  completeSignIn: () => Promise<SignInCheck>;
  signOut: () => Promise<void>;
};

export type SignInCheck = { ok: true; me: Me } | { ok: false; reason: 'blocked' | 'not-authorized' | 'no-user' };

export const AuthContext = createContext<Auth | null>(null);
