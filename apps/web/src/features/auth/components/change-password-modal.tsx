import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updatePassword } from 'aws-amplify/auth';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../utils/sign-in-messages.ts';

/** Change password (old and new); a failure shows its message (SPEC §8). */
export async function changePassword(
  oldPassword: string,
  newPassword: string,
): Promise<{ success: boolean; message?: string }> {
  try {
    await updatePassword({ oldPassword, newPassword });
    return { success: true };
  } catch (error) {
    return { success: false, message: errorMessage(error) };
  }
}

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '', repeat: '' },
    validate: {
      oldPassword: (v) => (v ? null : 'Please enter your current password'),
      newPassword: (v) => (v.length >= 8 ? null : 'Password must be at least 8 characters long'),
      repeat: (v, values) => (v === values.newPassword ? null : 'The passwords do not match'),
    },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.onSubmit(async ({ oldPassword, newPassword }) => {
    setLoading(true);
    const result = await changePassword(oldPassword, newPassword);
    setLoading(false);
    if (!result.success) {
      setError(result.message ?? null);
      return;
    }
    toast.success('Your password has been changed.');
    close();
  });

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('oldPassword')}
          />
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordInput label="Repeat new password" autoComplete="new-password" {...form.getInputProps('repeat')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
