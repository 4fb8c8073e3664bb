import { useQueryClient } from '@tanstack/react-query';
import { signOut as amplifySignOut, getCurrentUser } from 'aws-amplify/auth';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, onUnauthorized } from '../../../lib/api-client.ts';
import { clearSnapshot, loadSnapshot, restoreSnapshot } from '../../offline/snapshot.ts';
import { getMe } from '../api/get-me.ts';
import { type Auth, AuthContext, type AuthState, type SignInCheck } from '../auth-context.ts';
import { stateFor } from '../member-rules.ts';

/** A failure that is no answer: the network or the server is out of reach (not a refusal). */
const unreachable = (error: unknown) =>
  !(error instanceof ApiError) &&
  !['UserUnAuthenticatedException', 'NotAuthorizedException'].includes((error as Error | undefined)?.name ?? '');

/** Owns the auth state: the splash while the stored session is checked, then signed in or out. */
export function AuthProvider({ splash, children }: { splash: ReactNode; children: (auth: Auth) => ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState | null>(null);

  const signOut = useCallback(
    async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
      await amplifySignOut({ global: everywhere }).catch(() => {});
      clearSnapshot();
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
      } catch (error) {
        // No session, or it no longer holds: signed out. No answer at all (offline, the server
        // unreachable): the last-read copy, if this browser still holds this person's session.
        const snapshot = unreachable(error) ? loadSnapshot() : null;
        if (snapshot) {
          restoreSnapshot(queryClient, snapshot);
          next = { status: 'signedIn', offline: true, ...snapshot.me };
        }
      }
      if (!cancelled) setState(next);
    })();
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  // Started offline: when the network is back, the server decides again (a 401 signs out).
  const offline = state?.status === 'signedIn' && state.offline === true;
  useEffect(() => {
    if (!offline) return;
    const recheck = () =>
      void getMe()
        .then((me) => {
          const next = stateFor(me);
          if (next === 'blocked') void signOut();
          else setState(next);
        })
        .catch(() => {});
    // The network may have been there all along with the server away: ask again now and then too.
    const timer = setInterval(recheck, 30_000);
    window.addEventListener('online', recheck);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', recheck);
    };
  }, [offline, signOut]);

  // A 401 from any call ends the session; the router then sends the person to sign-in.
  useEffect(() => onUnauthorized(() => void signOut()), [signOut]);

  const auth = useMemo<Auth | null>(
    () => (state ? { state, completeSignIn, signOut } : null),
    [state, completeSignIn, signOut],
  );
  if (!auth) return splash;
  return <AuthContext.Provider value={auth}>{children(auth)}</AuthContext.Provider>;
}
