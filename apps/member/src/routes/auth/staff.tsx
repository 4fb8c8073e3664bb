import { Anchor, Button, Stack, Text } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

/**
 * Staff signed in here: this app is for coaches, athletes and guardians. Their session stays, so
 * the admin app opens signed in (it shares the origin and the pool).
 */
export const Route = createFileRoute('/auth/staff')({
  beforeLoad: ({ context }) => {
    if (context.auth.state.status === 'signedOut') throw redirect({ to: '/auth/sign-in' });
    if (context.auth.state.status === 'signedIn') throw redirect({ to: '/' });
  },
  component: function StaffPage() {
    const auth = useAuth();
    return (
      <AuthLayout title="Use the admin app" subtitle="This app is for coaches, athletes and families.">
        <Stack gap="md">
          <Text>
            You are signed in as a member of your school’s staff. Directors and administrators work in the Fieldhouse
            admin app.
          </Text>
          <Button component="a" href="/" size="md" fullWidth>
            Open the admin app
          </Button>
          <Anchor component="button" type="button" ta="center" onClick={() => void auth.signOut()}>
            Sign out
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  },
});
