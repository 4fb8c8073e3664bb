import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';

export const Route = createFileRoute('/auth/confirm-sign-up')({
  component: () => (
    <ComingSoon
      title="Confirm Sign up"
      description="Please enter a new password that you would like to use to sign in."
    />
  ),
});
