import { Button, Stack, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';

export const Route = createFileRoute('/auth/unauthorized')({
  component: () => (
    <AuthLayout title="Not authorized" subtitle="This account cannot use the Fieldhouse web app.">
      <Stack gap="md">
        <Text size="sm">
          Fieldhouse on the web is for athletic directors and their administrators. Coaches, athletes and guardians use
          the Fieldhouse member app, made for their phones.
        </Text>
        {/* The member app is another SPA on this origin (decision 021): a page load, not a route. */}
        <Button component="a" href="/m/">
          Open the member app
        </Button>
        <Text size="sm" c="dimmed">
          If you should have access, ask your athletic director to check your role and account status.
        </Text>
        <Button
          variant="default"
          renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect: '/' }} {...props} />}
        >
          Back to sign in
        </Button>
      </Stack>
    </AuthLayout>
  ),
});
