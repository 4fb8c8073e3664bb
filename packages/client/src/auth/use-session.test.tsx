import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type SessionRule, useSession } from './use-session.ts';

// Amplify is not configured here, so it holds no stored session: getCurrentUser fails as it does
// for a browser that never signed in.
type State = { status: 'signedOut' } | { status: 'signedIn'; name: string };

const setUp = (rule: SessionRule<State>) => {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useSession(rule), { wrapper }) };
};

describe('useSession', () => {
  it('starts signed out without a stored session, after the splash’s minimum', async () => {
    const judge = vi.fn(async (): Promise<State | null> => ({ status: 'signedIn', name: 'never' }));
    const started = Date.now();
    const { result } = setUp({ judge, minSplashMs: 150 });
    expect(result.current.state).toBeNull();
    await waitFor(() => expect(result.current.state).toEqual({ status: 'signedOut' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(judge).not.toHaveBeenCalled();
  });

  it('lets the rule start without the server (the member app’s offline copy)', async () => {
    const startFailed = vi.fn((): State => ({ status: 'signedIn', name: 'from the copy' }));
    const { result, queryClient } = setUp({ judge: async () => null, startFailed });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'signedIn', name: 'from the copy' }));
    expect(startFailed).toHaveBeenCalledWith(expect.any(Error), queryClient);
  });

  it('signs out: the rule’s own things and the query cache are forgotten', async () => {
    const forget = vi.fn();
    const { result, queryClient } = setUp({
      judge: async () => null,
      startFailed: () => ({ status: 'signedIn', name: 'Sam' }),
      forget,
    });
    await waitFor(() => expect(result.current.state?.status).toBe('signedIn'));
    queryClient.setQueryData(['me'], { name: 'Sam' });
    await act(() => result.current.signOut({ everywhere: true }));
    expect(result.current.state).toEqual({ status: 'signedOut' });
    expect(forget).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
  });

  it('forgets what a previous person left when no session holds at start-up', async () => {
    const forget = vi.fn();
    const { result } = setUp({ judge: async () => null, forget });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'signedOut' }));
    expect(forget).toHaveBeenCalledOnce();
  });

  it('lets go when another tab signs out or in as someone else, and only then', async () => {
    const forget = vi.fn();
    const { result, queryClient } = setUp({
      judge: async () => null,
      startFailed: () => ({ status: 'signedIn', name: 'Sam' }),
      forget,
    });
    await waitFor(() => expect(result.current.state?.status).toBe('signedIn'));
    queryClient.setQueryData(['me'], { name: 'Sam' });
    const stored = (key: string, oldValue: string | null, newValue: string | null) =>
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
      });
    await stored('CognitoIdentityServiceProvider.client.sam.accessToken', 'a', 'b');
    await stored('CognitoIdentityServiceProvider.client.LastAuthUser', 'sam', 'sam');
    expect(result.current.state?.status).toBe('signedIn');
    await stored('CognitoIdentityServiceProvider.client.LastAuthUser', 'sam', 'kim');
    expect(result.current.state).toEqual({ status: 'signedOut' });
    expect(forget).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
  });
});
