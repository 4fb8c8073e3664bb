import { useQueryClient } from '@tanstack/react-query';
import { signOut as amplifySignOut, getCurrentUser } from 'aws-amplify/auth';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { onUnauthorized } from '../../../lib/api-client.ts';
import { getMe } from '../api/get-me.ts';
import { type Auth, AuthContext, type AuthState, type SignInCheck } from '../auth-context.ts';
import { stateFor } from '../member-rules.ts';

/** Owns the auth state: the splash while the stored session is checked, then signed in or out. */
export function AuthProvider({ splash, children }: { splash: ReactNode; children: (auth: Auth) => ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState | null>(null);

  const signOut = useCallback(
    async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
      await amplifySignOut({ global: everywhere }).catch(() => {});
      queryClient.clear();
      setState({ status: 'signedOut' });
    },
    [queryClient],
  );

  const completeSignIn = useCallback(async (): Promise<SignInCheck> => {
    let next: ReturnType<typeof stateFor>;
    try {
      next = stateFor(await getMe());
    } catch {
      await signOut();
      return { ok: false, reason: 'no-user' };
    }
    if (next === 'blocked') {
      await signOut();
      return { ok: false, reason: 'blocked' };
    }
    setState(next);
    return { ok: true, state: next };
  }, [signOut]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let next: AuthState = { status: 'signedOut' };
      try {
        await getCurrentUser();
        const checked = stateFor(await getMe());
        if (checked === 'blocked') await amplifySignOut().catch(() => {});
        else next = checked;
      } catch {
        // No session, or it no longer holds: signed out.
      }
      if (!cancelled) setState(next);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  // A 401 from any call ends the session; the router then sends the person to sign-in.
  useEffect(() => onUnauthorized(() => void signOut()), [signOut]);

  const auth = useMemo<Auth | null>(
    () => (state ? { state, completeSignIn, signOut } : null),
    [state, completeSignIn, signOut],
  );
  if (!auth) return splash;
  return <AuthContext.Provider value={auth}>{children(auth)}</AuthContext.Provider>;
}
