import { type SessionRule, useSession } from '@fieldhouse/client/auth/use-session.ts';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { clearSnapshot, loadSnapshot, restoreSnapshot } from '../../offline/snapshot.ts';
import { endPushSubscription } from '../../profile/utils/push-support.ts';
import { getMe } from '../api/get-me.ts';
import { type Auth, AuthContext, type AuthState, type SignInCheck } from '../auth-context.ts';
import { stateFor } from '../member-rules.ts';

/** A failure that is no answer: the network or the server is out of reach (not a refusal). */
const unreachable = (error: unknown) =>
  !(error instanceof ApiError) &&
  !['UserUnAuthenticatedException', 'NotAuthorizedException'].includes((error as Error | undefined)?.name ?? '');

/** This app's session: members and staff stay (staff are pointed to the admin app), the blocked leave. */
const MEMBER_SESSION: SessionRule<AuthState> = {
  judge: async () => {
    const checked = stateFor(await getMe());
    return checked === 'blocked' ? null : checked;
  },
  // No answer at all (offline, the server unreachable): the last-read copy, if this browser still
  // holds this person's session.
  startFailed: (error, queryClient) => {
    const snapshot = unreachable(error) ? loadSnapshot() : null;
    if (!snapshot) return null;
    restoreSnapshot(queryClient, snapshot);
    return { status: 'signedIn', offline: true, ...snapshot.me };
  },
  forget: () => {
    clearSnapshot();
    void endPushSubscription().catch(() => {});
  },
};

/** Owns the auth state: the splash while the stored session is checked, then signed in or out. */
export function AuthProvider({ splash, children }: { splash: ReactNode; children: (auth: Auth) => ReactNode }) {
  const { state, setState, signOut } = useSession(MEMBER_SESSION);

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
  }, [signOut, setState]);

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
  }, [offline, signOut, setState]);

  const auth = useMemo<Auth | null>(
    () => (state ? { state, completeSignIn, signOut } : null),
    [state, completeSignIn, signOut],
  );
  if (!auth) return splash;
  return <AuthContext.Provider value={auth}>{children(auth)}</AuthContext.Provider>;
}
