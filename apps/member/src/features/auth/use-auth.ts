import { useContext } from 'react';
import { type Auth, AuthContext } from './auth-context.ts';

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs <AuthProvider>');
  return auth;
}

/** The signed-in member; only for screens under the guarded layout. */
export function useMember() {
  const { state } = useAuth();
  if (state.status !== 'signedIn') throw new Error('useMember needs a signed-in member');
  return state;
}
