import { type SessionRule, useSession } from '@fieldhouse/client/auth/use-session.ts';
import { AUTH, canUseWebApp } from '@fieldhouse/shared';
import { type ReactNode, useCallback, useMemo } from 'react';
import { setActiveOrganization, withoutSchool } from '../../../lib/active-organization.ts';
import { getMe } from '../api/get-me.ts';
import { type Auth, AuthContext, type AuthState, type SignInCheck } from '../auth-context.ts';

/**
 * SPEC §4's session: only those who may use the web app stay; the splash shows for at least
 * 2000 ms; a start-up auth error clears the user; sign-out also forgets the 'reloaded after login'
 * flag and the chosen organization. A 401/403 from any call ends the session (SPEC §8).
 */
const ADMIN_SESSION: SessionRule<AuthState> = {
  judge: async () => {
    const me = await getMe();
    return canUseWebApp(me.user) ? { status: 'signedIn', ...me } : null;
  },
  // Home's data while the splash finishes its two seconds, so Home is drawn as the splash leaves
  // (the page fetches Home's code meanwhile, vite.config.ts); the route's loader then finds it
  // cached, or asks again if this failed. Not for an empty install: the shell sends it to the set-up.
  confirmed: (state, queryClient) => {
    if (location.pathname === '/' && state.status === 'signedIn' && !withoutSchool(state.user))
      import('../../home/api/home-loader.ts')
        .then(({ loadHome }) => loadHome({ queryClient, auth: { state } }))
        .catch(() => {});
  },
  minSplashMs: AUTH.minLoadingDisplayMs,
  forget: () => {
    localStorage.removeItem(AUTH.reloadedAfterLoginKey);
    setActiveOrganization(null);
  },
};

/** Owns the auth state of SPEC §4: loading (the splash), then signed in or out. */
export function AuthProvider({ splash, children }: { splash: ReactNode; children: (auth: Auth) => ReactNode }) {
  const { state, setState, signOut } = useSession(ADMIN_SESSION);

  const completeSignIn = useCallback(async (): Promise<SignInCheck> => {
    let me: Awaited<ReturnType<typeof getMe>>;
    try {
      me = await getMe();
    } catch {
      await signOut();
      return { ok: false, reason: 'no-user' };
    }
    if (!canUseWebApp(me.user)) {
      await signOut();
      return { ok: false, reason: me.user.status !== 'ACTIVE' ? 'blocked' : 'not-authorized' };
    }
    setState({ status: 'signedIn', ...me });
    return { ok: true, me };
  }, [signOut, setState]);

  const auth = useMemo<Auth | null>(
    () => (state ? { state, completeSignIn, signOut } : null),
    [state, completeSignIn, signOut],
  );
  if (!auth) return splash;
  return <AuthContext.Provider value={auth}>{children(auth)}</AuthContext.Provider>;
}
