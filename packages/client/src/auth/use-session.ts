import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { signOut as amplifySignOut, getCurrentUser } from 'aws-amplify/auth';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { onUnauthorized } from '../api-client.ts';

export type SignedOut = { status: 'signedOut' };
const SIGNED_OUT: SignedOut = { status: 'signedOut' };

/**
 * One app's rule for a session; the admin app's and the member app's differ (who may stay, what
 * else sign-out forgets, whether there is an offline start). Keep it a module constant: the
 * provider's effects run once for it.
 */
export type SessionRule<State> = {
  /** Reads /auth/me for the stored session and judges it: the state to hold, or null to end it. */
  judge: () => Promise<State | null>;
  /** No session could be confirmed at start-up (`error` says why): a state to start in anyway, or null. */
  startFailed?: (error: unknown, queryClient: QueryClient) => State | null;
  /**
   * The session holds, and the splash has some of its minimum time left: what to start meanwhile
   * (the first screen's data, so that it is drawn as the splash leaves rather than after it).
   */
  confirmed?: (state: State, queryClient: QueryClient) => void;
  /** The splash stays on screen at least this long (the admin app's 2 s, SPEC §4). */
  minSplashMs?: number;
  /** What else sign-out forgets besides Amplify's session and the query cache. */
  forget?: () => void;
};

/** Amplify's key (`CognitoIdentityServiceProvider.<client>.LastAuthUser`) naming who holds the stored session. */
const LAST_AUTH_USER = '.LastAuthUser';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When the splash came on screen: a page that draws it itself (the admin app's index.html) shows
 * it with its first paint, before any script; otherwise it appears now, with the first render.
 */
function splashShownAt() {
  const paint = performance.getEntriesByName?.('first-contentful-paint')[0];
  return paint ? performance.timeOrigin + paint.startTime : Date.now();
}

/**
 * The auth state core both apps' providers share: null while the stored session is checked at
 * start-up (the splash), then the rule's state or signed out; `signOut` (also on any response the
 * API client counts as unauthorized) clears Amplify's session, the query cache and what the rule
 * names. Sign-in itself stays with each app (its form and its answers differ).
 */
export function useSession<State extends { status: string }>(rule: SessionRule<State>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State | SignedOut | null>(null);

  const signOut = useCallback(
    async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
      await amplifySignOut({ global: everywhere }).catch(() => {});
      rule.forget?.();
      queryClient.clear();
      setState(SIGNED_OUT);
    },
    [queryClient, rule],
  );

  useEffect(() => {
    let cancelled = false;
    const started = splashShownAt();
    void (async () => {
      let next: State | SignedOut = SIGNED_OUT;
      try {
        await getCurrentUser();
        const judged = await rule.judge();
        if (judged) {
          next = judged;
          // A side task: whatever it does, it cannot change whether the session holds.
          queueMicrotask(() => rule.confirmed?.(judged, queryClient));
        } else await amplifySignOut().catch(() => {});
      } catch (error) {
        // No session, or it no longer holds: signed out, unless the rule can start without the server.
        next = rule.startFailed?.(error, queryClient) ?? SIGNED_OUT;
      }
      // Nobody signed in: what a previous person left on the device (an offline copy) goes too.
      if (next.status === SIGNED_OUT.status) rule.forget?.();
      await sleep(Math.max(0, (rule.minSplashMs ?? 0) - (Date.now() - started)));
      // A transition: the first screen behind the splash (the router, the shell, the page) renders
      // in slices the browser can answer input between, not as one long task.
      if (!cancelled) startTransition(() => setState(next));
    })();
    return () => {
      cancelled = true;
    };
  }, [queryClient, rule]);

  // An unauthorized answer from any call ends the session; the router then sends the person to sign-in.
  useEffect(() => onUnauthorized(() => void signOut()), [signOut]);

  // Another tab signed out, or in as someone else: the tokens this tab would send are no longer
  // its person's (a request or a queued message would go as the next one). It lets go of its
  // screens, cache and queue, without touching the session the other tab holds now.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (!event.key?.endsWith(LAST_AUTH_USER) || event.oldValue === event.newValue) return;
      rule.forget?.();
      queryClient.clear();
      setState(SIGNED_OUT);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient, rule]);

  return { state, setState, signOut };
}
