import { AUTH, canUseWebApp } from '@fieldhouse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { signOut as amplifySignOut, getCurrentUser } from 'aws-amplify/auth';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { setActiveOrganization } from '../../../lib/active-organization.ts';
import { onUnauthorized } from '../../../lib/api-client.ts';
import { getMe } from '../api/get-me.ts';
import { type Auth, AuthContext, type AuthState, type SignInCheck } from '../auth-context.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Owns the auth state of SPEC §4: loading (with the splash for at least 2000 ms), then signed
 * in or out. A start-up auth error clears the user; sign-out clears the user, the query cache
 * and the 'reloaded after login' flag.
 */
export function AuthProvider({ splash, children }: { splash: ReactNode; children: (auth: Auth) => ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState | null>(null);

  const signOut = useCallback(async () => {
    await amplifySignOut().catch(() => {});
    queryClient.clear();
    localStorage.removeItem(AUTH.reloadedAfterLoginKey);
    setActiveOrganization(null);
    setState({ status: 'signedOut' });
  }, [queryClient]);

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
  }, [signOut]);

  useEffect(() => {
    let cancelled = false;
    const started = Date.now();
    void (async () => {
      let next: AuthState = { status: 'signedOut' };
      try {
        await getCurrentUser();
        const me = await getMe();
        if (canUseWebApp(me.user)) next = { status: 'signedIn', ...me };
        else await amplifySignOut().catch(() => {});
      } catch {
        // No session, or an auth error on start-up: the user is cleared.
      }
      await sleep(Math.max(0, AUTH.minLoadingDisplayMs - (Date.now() - started)));
      if (!cancelled) setState(next);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  // A 401/403 from any call ends the session (SPEC §8); the router then sends the user to sign-in.
  useEffect(() => onUnauthorized(() => void signOut()), [signOut]);

  const auth = useMemo<Auth | null>(
    () => (state ? { state, completeSignIn, signOut } : null),
    [state, completeSignIn, signOut],
  );
  if (!auth) return splash;
  return <AuthContext.Provider value={auth}>{children(auth)}</AuthContext.Provider>;
}
