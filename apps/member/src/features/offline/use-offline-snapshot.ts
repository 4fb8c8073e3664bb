import { useQueryClient } from '@tanstack/react-query';
import { getCurrentUser } from 'aws-amplify/auth';
import { useEffect, useMemo } from 'react';
import type { Me } from '../auth/api/get-me.ts';
import type { AuthState } from '../auth/auth-context.ts';
import { conversationsQueryOptions } from '../conversations/api/conversations.ts';
import { saveSnapshot } from './snapshot.ts';

/** How long after the last change the copy is written: a burst of live events is one write. */
const SAVE_DELAY_MS = 1_000;

/** Keeps the offline copy of what this person read current while they use the app online. */
export function useOfflineSnapshot(state: AuthState) {
  const client = useQueryClient();
  const signedIn = state.status === 'signedIn' ? state : null;
  const offline = signedIn?.offline === true;
  const user = signedIn?.user;
  const organization = signedIn?.organization ?? null;
  const me = useMemo<Me | null>(() => (user ? { user, organization } : null), [user, organization]);
  useEffect(() => {
    // Started from the copy: nothing newer to keep until the server answers again.
    if (!me || offline) return;
    let username: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const save = () => {
      timer = undefined;
      if (username && !stopped) saveSnapshot(client, username, me);
    };
    const schedule = () => {
      if (!timer) timer = setTimeout(save, SAVE_DELAY_MS);
    };
    // The list is the first thing to open offline: kept even by a visit that went straight to a thread.
    void client.prefetchInfiniteQuery(conversationsQueryOptions(''));
    void getCurrentUser()
      .then((user) => {
        username = user.username;
        schedule();
      })
      .catch(() => {});
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' || event.type === 'removed') schedule();
    });
    // Leaving or reloading the page writes what is pending at once.
    const flush = () => {
      if (timer) clearTimeout(timer);
      save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      stopped = true;
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      if (timer) clearTimeout(timer);
    };
  }, [client, me, offline]);
}
