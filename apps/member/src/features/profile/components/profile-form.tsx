import type { MyProfile } from '@fieldhouse/shared';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from 'sonner';
import { useUpdateProfile } from '../api/profile.ts';

/** My name and phone (the e-mail is the sign-in and only the school changes it). */
export function ProfileForm({ profile }: { profile: MyProfile }) {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName ?? '',
      contactNumber: profile.contactNumber ?? '',
    },
    validate: { firstName: (v) => (v.trim() ? null : 'Enter your first name') },
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim() || null,
        contactNumber: values.contactNumber.trim() || null,
      },
      {
        onSuccess: () => toast.success('Profile saved'),
        onError: (e) => toast.error(e.message),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="E-mail" value={profile.email} readOnly description="Your school changes this for you." />
        <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
        <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('contactNumber')} />
        <Button type="submit" loading={update.isPending}>
          Save profile
        </Button>
      </Stack>
    </form>
  );
}
