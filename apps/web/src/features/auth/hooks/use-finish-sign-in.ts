import { AUTH } from '@fieldhouse/shared';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { flashAfterReload } from '../../../lib/flash.ts';
import { BLOCKED_MESSAGE, NOT_AUTHORIZED_MESSAGE } from '../utils/sign-in-messages.ts';
import { useAuth } from './use-auth.ts';

/**
 * After Amplify reports a signed-in session: fetch /auth/me, apply SPEC §5 (refusals toast and
 * sign out), then go to the target, with the one-time page reload after login (SPEC §4).
 */
export function useFinishSignIn() {
  const auth = useAuth();
  const navigate = useNavigate();
  /** `success` is toasted now, or after the one-time reload when one happens. */
  return async (redirect: string, success?: string): Promise<boolean> => {
    const check = await auth.completeSignIn();
    if (!check.ok) {
      if (check.reason === 'blocked') {
        toast.error(BLOCKED_MESSAGE);
      } else {
        toast.error(NOT_AUTHORIZED_MESSAGE);
        await navigate({ to: '/auth/unauthorized' });
      }
      return false;
    }
    if (!localStorage.getItem(AUTH.reloadedAfterLoginKey)) {
      localStorage.setItem(AUTH.reloadedAfterLoginKey, '1');
      if (success) flashAfterReload(success);
      window.location.assign(redirect);
      return true;
    }
    if (success) toast.success(success);
    await navigate({ href: redirect });
    return true;
  };
}
