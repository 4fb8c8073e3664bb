import type { NotificationPreferences } from '@fieldhouse/shared';
import { Stack, Switch } from '@mantine/core';
import { toast } from 'sonner';
import { useSavePreferences } from '../api/profile.ts';

/** The notification switches; each change saves at once. */
export function PreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const save = useSavePreferences();
  const set = (next: NotificationPreferences) =>
    save.mutate(next, {
      onSuccess: () => toast.success('Notifications saved'),
      onError: (e) => toast.error(e.message),
    });
  const push = (key: keyof NotificationPreferences['push'], checked: boolean) =>
    set({ ...preferences, push: { ...preferences.push, [key]: checked } });
  return (
    <Stack gap="md">
      <Switch
        size="md"
        label="New messages"
        description="Messages in your conversations and team chats"
        checked={preferences.push.messages}
        onChange={(e) => push('messages', e.currentTarget.checked)}
      />
      <Switch
        size="md"
        label="Announcements"
        description="Announcements and reminders to acknowledge"
        checked={preferences.push.announcements}
        onChange={(e) => push('announcements', e.currentTarget.checked)}
      />
      <Switch
        size="md"
        label="Schedule changes"
        description="When an event of your teams moves or is cancelled"
        checked={preferences.push.schedule}
        onChange={(e) => push('schedule', e.currentTarget.checked)}
      />
      <Switch
        size="md"
        label="E-mail summary"
        description="An e-mail of what you missed while away from the app"
        checked={preferences.emailDigest}
        onChange={(e) => set({ ...preferences, emailDigest: e.currentTarget.checked })}
      />
    </Stack>
  );
}
