import { type Organization, setupOrganizationSchema } from '@fieldhouse/shared';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { zodValidate } from '../../../lib/zod-form.ts';
import { createSchool } from '../api/setup-queries.ts';

/** The viewer's own zone: a school's admin sets it up where the school is. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Chicago';

const zoneOptions = () => {
  const zones = Intl.supportedValuesOf('timeZone');
  const browser = browserTimeZone();
  return (zones.includes(browser) ? zones : [browser, ...zones]).map((z) => ({
    value: z,
    label: z.replaceAll('_', ' '),
  }));
};

type Values = { name: string; timezone: string; address: string; city: string; state: string; postalCode: string };

/** Step 1: the school's name, time zone (the browser's, to start with) and address. */
export function SchoolStep({ onCreated }: { onCreated: (school: Organization) => Promise<void> | void }) {
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(zoneOptions, []);
  const form = useForm<Values>({
    initialValues: { name: '', timezone: browserTimeZone(), address: '', city: '', state: '', postalCode: '' },
    validate: zodValidate(setupOrganizationSchema),
  });
  const create = useMutation({
    mutationFn: (values: Values) => createSchool(values),
    onSuccess: async (school) => {
      setError(null);
      await onCreated(school);
    },
    onError: (e) => setError(e.message),
  });
  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
      <Stack gap="md" maw={640}>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <TextInput label="School name" placeholder="Lincoln High School" withAsterisk {...form.getInputProps('name')} />
        <Select
          label="Time zone"
          description="Games, practices and “today” are in the school’s time. We started from your computer’s."
          withAsterisk
          searchable
          data={zones}
          allowDeselect={false}
          {...form.getInputProps('timezone')}
        />
        <TextInput label="Street address" placeholder="100 Main Street" {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="City" {...form.getInputProps('city')} />
          <TextInput label="State" maw={{ sm: 120 }} {...form.getInputProps('state')} />
          <TextInput label="ZIP code" maw={{ sm: 140 }} {...form.getInputProps('postalCode')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconBuildingCommunity size={16} />}>
            Create school
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
