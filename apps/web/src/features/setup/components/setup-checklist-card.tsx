import { plural } from '@fieldhouse/shared';
import { Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { setupStatusQueryOptions } from '../api/setup-queries.ts';

/** Home's "finish setting up" while a school has no teams or no athletes: what is done, what is next. */
export function SetupChecklistCard() {
  const { data } = useQuery(setupStatusQueryOptions());
  if (!data?.organization || (data.teams > 0 && data.athletes > 0)) return null;
  const steps = [
    { done: true, text: `${data.organization.name} is set up` },
    { done: data.directorInvited, text: 'Athletic director invited' },
    { done: data.teams > 0, text: data.teams ? `${plural(data.teams, 'team')} created` : 'Create your teams' },
    {
      done: data.athletes > 0,
      text: data.athletes ? `${plural(data.athletes, 'athlete')} on file` : 'Import your roster',
    },
  ];
  const next = steps.findIndex((s) => !s.done);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" align="flex-start" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconRocket size={24} />
          </ThemeIcon>
          <Stack gap={6}>
            <Title order={2} fz="h4">
              Finish setting up {data.organization.name}
            </Title>
            <List spacing={2} size="sm" center>
              {steps.map((s) => (
                <List.Item
                  key={s.text}
                  icon={
                    s.done ? (
                      <IconCircleCheck size={16} color="var(--mantine-color-green-6)" aria-label="Done" />
                    ) : (
                      <IconCircleDashed size={16} color="var(--mantine-color-dimmed)" aria-label="To do" />
                    )
                  }
                >
                  <Text size="sm" c={s.done ? 'dimmed' : undefined}>
                    {s.text}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Group>
        <Button renderRoot={(props) => <Link to="/setup" search={{ step: next < 0 ? 3 : next }} {...props} />}>
          Continue set-up
        </Button>
      </Group>
    </Card>
  );
}
