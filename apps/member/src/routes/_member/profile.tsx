import { Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { QueryState } from '../../components/query-state.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { preferencesQueryOptions, profileQueryOptions } from '../../features/profile/api/profile.ts';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { PhotoForm } from '../../features/profile/components/photo-form.tsx';
import { PreferencesForm } from '../../features/profile/components/preferences-form.tsx';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import { PushControl } from '../../features/profile/components/push-control.tsx';

/** Profile: my photo and details, notifications on this phone and their switches, password, and sign out. */
export const Route = createFileRoute('/_member/profile')({
  component: ProfilePage,
});

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ProfilePage() {
  const auth = useAuth();
  const profile = useQuery(profileQueryOptions());
  const preferences = useQuery(preferencesQueryOptions());
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Profile
      </Title>
      <Section id="profile-details" title="My details">
        {profile.data ? (
          <>
            <PhotoForm profile={profile.data} />
            <Divider />
            <ProfileForm profile={profile.data} />
          </>
        ) : (
          <QueryState isError={profile.isError} refetch={profile.refetch} />
        )}
      </Section>
      <Section id="profile-notifications" title="Notifications">
        <PushControl />
        <Divider />
        {preferences.data ? (
          <PreferencesForm preferences={preferences.data} />
        ) : (
          <QueryState isError={preferences.isError} refetch={preferences.refetch} />
        )}
      </Section>
      <Section id="profile-password" title="Password">
        <ChangePasswordForm />
      </Section>
      <Stack gap="xs">
        <Button color="red" variant="outline" size="md" onClick={() => void auth.signOut()}>
          Sign out
        </Button>
        <Button variant="subtle" color="red" size="md" onClick={() => void auth.signOut({ everywhere: true })}>
          Sign out everywhere
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          “Sign out everywhere” also ends your sessions on other phones and computers.
        </Text>
      </Stack>
    </Stack>
  );
}
