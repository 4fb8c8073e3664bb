import { redirectSearchSchema } from '@fieldhouse/client/redirect-search.ts';
import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: redirectSearchSchema,
  component: function ForgotPasswordPage() {
    const { redirect } = Route.useSearch();
    return (
      <AuthLayout title="Reset your password">
        <ForgotPasswordForm redirect={redirect} />
      </AuthLayout>
    );
  },
});
