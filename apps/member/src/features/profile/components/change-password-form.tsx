import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updatePassword } from 'aws-amplify/auth';
import { useState } from 'react';
import { toast } from 'sonner';

/** Change password through Amplify (the pool checks the current one). */
export function ChangePasswordForm() {
  const [loading, setLoading] = useState(false);
  const form = useForm({
    initialValues: { current: '', password: '', repeat: '' },
    validate: {
      current: (v) => (v ? null : 'Enter your current password'),
      password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
      repeat: (v, values) => (v === values.password ? null : 'The passwords do not match'),
    },
  });
  const submit = form.onSubmit(async ({ current, password }) => {
    setLoading(true);
    try {
      await updatePassword({ oldPassword: current, newPassword: password });
      form.reset();
      toast.success('Password changed');
    } catch (e) {
      form.setFieldError('current', e instanceof Error ? e.message : 'Could not change the password');
    } finally {
      setLoading(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('current')} />
        <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" {...form.getInputProps('repeat')} />
        <Button type="submit" variant="light" loading={loading}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
