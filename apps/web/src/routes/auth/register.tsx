import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';

export const Route = createFileRoute('/auth/register')({
  validateSearch: z.object({
    step: z.enum(['details', 'confirm']).optional().catch(undefined),
    username: z.string().max(254).optional().catch(undefined),
  }),
  component: function RegisterPage() {
    const { step, username } = Route.useSearch();
    return (
      <AuthLayout
        title="Create your account"
        subtitle="For athletic department staff. Your director gives access once you are set up."
      >
        <RegisterForm initialStep={step ?? 'details'} initialUsername={username ?? ''} />
      </AuthLayout>
    );
  },
});
