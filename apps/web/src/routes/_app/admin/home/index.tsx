import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenView } from '../../../../components/forbidden-view.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { useAuth } from '../../../../features/auth/hooks/use-auth.ts';
import { OrganizationsAdmin } from '../../../../features/organizations/components/organizations-admin.tsx';

/** Admin home: super admins only (decision 006); the server enforces the same on its endpoints. */
export const Route = createFileRoute('/_app/admin/home/')({
  component: function AdminHome() {
    const { state } = useAuth();
    if (state.status !== 'signedIn' || state.user.role !== 'SUPER_ADMIN') {
      return (
        <ForbiddenView what="The admin area is for super administrators. Ask one if you need a change made here." />
      );
    }
    return (
      <>
        <PageHeader title="Admin" description="Organizations on this Fieldhouse, and the settings that span them." />
        <OrganizationsAdmin />
      </>
    );
  },
});
