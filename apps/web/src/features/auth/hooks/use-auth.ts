import { useContext } from 'react';
import { type Auth, AuthContext } from '../auth-context.ts';

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs <AuthProvider>');
  return auth;
}
