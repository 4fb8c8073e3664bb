import { redirectSearchSchema } from '@fieldhouse/client/redirect-search.ts';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: redirectSearchSchema.extend({ username: z.string().max(254).optional().catch(undefined) }),
  component: function ForgotPasswordPage() {
    const { redirect, username } = Route.useSearch();
    return (
      <AuthLayout title="Reset your password" subtitle="We will e-mail you a code to set a new password.">
        <ForgotPasswordForm redirect={redirect} initialUsername={username ?? ''} />
      </AuthLayout>
    );
  },
});
