import { Button, Stack, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';

export const Route = createFileRoute('/auth/unauthorized')({
  component: () => (
    <AuthLayout title="Not authorized" subtitle="This account cannot use the Fieldhouse web app.">
      <Stack gap="md">
        <Text size="sm">
          Fieldhouse on the web is for athletic directors and their administrators. Coaches, athletes and guardians use
          the Fieldhouse app on their phones to chat with the department.
        </Text>
        <Text size="sm" c="dimmed">
          If you should have access, ask your athletic director to check your role and account status.
        </Text>
        <Button renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect: '/' }} {...props} />}>
          Back to sign in
        </Button>
      </Stack>
    </AuthLayout>
  ),
});
