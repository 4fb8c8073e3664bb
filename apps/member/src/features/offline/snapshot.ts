/**
 * Last-read conversations offline (decision 021): while online, the signed-in person's
 * conversation list, unread count, teams, schedule and the newest page of the conversations they
 * opened last are kept in this browser's storage; offline, the app starts from that copy instead
 * of showing sign-in. It holds no token (Amplify keeps those) and only what the screens showed;
 * sign-out and a 401 delete it, and it is used only while Amplify still holds the same person's
 * session.
 */

import { isSessionKey } from '@fieldhouse/client/auth/stored-session.ts';
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { Me } from '../auth/api/get-me.ts';

const KEY = 'fieldhouse.member.offline.v1';
/** How many conversations keep their newest page: the ones read last. */
export const OFFLINE_ROOMS = 5;

export type Snapshot = { username: string; me: Me; savedAt: string; queries: DehydratedState };
type Stored = DehydratedState['queries'][number];

const starts = (key: readonly unknown[], ...prefix: unknown[]) => prefix.every((part, i) => key[i] === part);
const isHistory = (key: readonly unknown[]) => starts(key, 'chat', 'messages') && key[3] === 'latest';
const isRoomData = (key: readonly unknown[]) => isHistory(key) || starts(key, 'chat', 'room');

const wanted = (key: readonly unknown[]) =>
  starts(key, 'me', 'conversations', 'list', '') ||
  starts(key, 'me', 'conversations', 'unread') ||
  starts(key, 'me', 'teams') ||
  starts(key, 'me', 'schedule') ||
  isRoomData(key);

/** Infinite lists keep one page: a conversation's newest (its last), a list's first. */
function onePage(query: Stored): Stored {
  const data = query.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
  if (!data?.pages || !data.pageParams) return query;
  const pick = <T>(list: T[]) => (isHistory(query.queryKey) ? list.slice(-1) : list.slice(0, 1));
  return { ...query, state: { ...query.state, data: { pages: pick(data.pages), pageParams: pick(data.pageParams) } } };
}

/**
 * What is kept: this page's answers, then the earlier copy's for what this page has not loaded
 * (a reload straight into a conversation keeps the list read before), and only the conversations
 * read last.
 */
export function offlineQueries(client: QueryClient, earlier: Stored[] = []): DehydratedState {
  const current = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && wanted(q.queryKey),
  });
  const seen = new Set(current.queries.map((q) => q.queryHash));
  const all = [...current.queries, ...earlier.filter((q) => !seen.has(q.queryHash) && wanted(q.queryKey))];
  const rooms = all
    .filter((q) => isHistory(q.queryKey))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, OFFLINE_ROOMS)
    .map((q) => q.queryKey[2]);
  return {
    mutations: [],
    queries: all.filter((q) => !isRoomData(q.queryKey) || rooms.includes(q.queryKey[2])).map(onePage),
  };
}

function read(): Snapshot | null {
  try {
    const snapshot = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Snapshot | null;
    if (!snapshot?.me?.user || !Array.isArray(snapshot.queries?.queries) || typeof snapshot.username !== 'string')
      return null;
    return snapshot;
  } catch {
    return null;
  }
}

export function saveSnapshot(client: QueryClient, username: string, me: Me) {
  const earlier = read();
  const queries = offlineQueries(client, earlier?.username === username ? earlier.queries.queries : []);
  const snapshot: Snapshot = { username, me, savedAt: new Date().toISOString(), queries };
  try {
    localStorage.setItem(KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused (a private window): nothing is readable offline, the app works online.
  }
}

export function clearSnapshot() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage refused: there was nothing to clear.
  }
}

/** Who Amplify holds a session for on this browser. */
function signedInUsername(): string | null {
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (isSessionKey(key)) return localStorage.getItem(key);
  }
  return null;
}

/** The stored copy, only if it belongs to the person Amplify still holds a session for. */
export function loadSnapshot(): Snapshot | null {
  const snapshot = read();
  return snapshot && snapshot.username === signedInUsername() ? snapshot : null;
}

/** Puts the stored copy into the query cache, where the screens read it as they would online. */
export const restoreSnapshot = (client: QueryClient, snapshot: Snapshot) => hydrate(client, snapshot.queries);
