import { type MantineColorScheme, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { cspNonce } from './csp.ts';
import { cssVariablesResolver, theme } from './theme/theme.ts';
import { Toaster } from './toaster.tsx';

/**
 * What both apps' roots share: Mantine with the theme and the CSP nonce for its styles, the query
 * client, and the one toaster. Each app puts its auth provider and router inside.
 */
export function AppFrame({
  queryClient,
  defaultColorScheme,
  children,
}: {
  queryClient: QueryClient;
  defaultColorScheme: MantineColorScheme;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme={defaultColorScheme}
      getStyleNonce={cspNonce}
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Re-runs the router's guards whenever the auth state changes (sign-in, sign-out, a 401). */
export function useGuardsFollow(router: { invalidate: () => Promise<unknown> }, authState: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the guards must re-run when the auth state changes.
  useEffect(() => {
    void router.invalidate();
  }, [authState]);
}
