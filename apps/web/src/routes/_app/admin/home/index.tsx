import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/coming-soon.tsx';
import { ForbiddenView } from '../../../../components/forbidden-view.tsx';
import { useAuth } from '../../../../features/auth/hooks/use-auth.ts';

/** Admin home: super admins only (decision 006); the server enforces the same on its endpoints. */
export const Route = createFileRoute('/_app/admin/home/')({
  component: function AdminHome() {
    const { state } = useAuth();
    if (state.status !== 'signedIn' || state.user.role !== 'SUPER_ADMIN') {
      return (
        <ForbiddenView what="The admin area is for super administrators. Ask one if you need a change made here." />
      );
    }
    return <ComingSoon title="Admin" description="Organizations, identity and system settings." />;
  },
});
