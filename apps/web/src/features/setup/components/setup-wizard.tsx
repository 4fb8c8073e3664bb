import { type Organization, plural, type SetupStatus } from '@fieldhouse/shared';
import { Button, Group, Paper, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingCommunity, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DirectorStep } from './director-step.tsx';
import { SchoolStep } from './school-step.tsx';
import { TeamsStep } from './teams-step.tsx';

type Props = {
  step: number;
  onStep: (step: number) => void;
  status: SetupStatus | undefined;
  /** Setting up another school (the switcher's "Set up a new school"). */
  creating: boolean;
  isSuperAdmin: boolean;
  onSchoolCreated: (school: Organization) => Promise<void> | void;
  /** The roster import (a users feature screen), opened from step 4. */
  rosterImport: ReactNode;
  onFinish: () => void;
};

/**
 * The guided set-up of a school: create it (super admins), invite its athletic director, add
 * teams from the sports catalogue, import the roster. Every step can be skipped and come back to.
 */
export function SetupWizard({
  step,
  onStep,
  status,
  creating,
  isSuperAdmin,
  onSchoolCreated,
  rosterImport,
  onFinish,
}: Props) {
  const school = creating ? null : (status?.organization ?? null);
  // Four steps side by side do not fit a phone: there they stack.
  const narrow = useMediaQuery('(max-width: 40em)');
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {school
            ? `Set up ${school.name}`
            : creating && status?.organization
              ? 'Set up another school'
              : 'Welcome to Fieldhouse'}
        </Title>
        <Text c="dimmed">
          {school
            ? 'Four steps to a school that is ready for its first week. Skip any of them and come back here from Home.'
            : 'Let’s set up your school: its name and time zone, its athletic director, its teams and its roster.'}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stepper
          active={step}
          onStepClick={(next) => school && onStep(next)}
          allowNextStepsSelect={Boolean(school)}
          size="sm"
          orientation={narrow ? 'vertical' : 'horizontal'}
        >
          <Stepper.Step label="School" description={school ? school.name : 'Name, time zone, address'}>
            {school ? (
              <Stack gap="sm" mt="md">
                <Group gap="xs">
                  <ThemeIcon color="green" variant="light" radius="xl">
                    <IconCheck size={16} />
                  </ThemeIcon>
                  <Text>
                    <b>{school.name}</b> is set up, in the {school.timezone.replaceAll('_', ' ')} time zone.
                  </Text>
                </Group>
                <Group justify="flex-end">
                  <Button onClick={() => onStep(1)}>Continue</Button>
                </Group>
              </Stack>
            ) : isSuperAdmin ? (
              <Stack mt="md">
                <SchoolStep onCreated={onSchoolCreated} />
              </Stack>
            ) : (
              <Text mt="md">Your super admin sets up the school.</Text>
            )}
          </Stepper.Step>
          <Stepper.Step label="Athletic director" description="Invite by e-mail">
            {school && (
              <Stack mt="md">
                <DirectorStep
                  organizationId={school.id}
                  schoolName={school.name}
                  alreadyInvited={status?.directorInvited ?? false}
                  onNext={() => onStep(2)}
                />
              </Stack>
            )}
          </Stepper.Step>
          <Stepper.Step
            label="Teams"
            description={status && school ? plural(status.teams, 'team') : 'From the catalogue'}
          >
            {school && (
              <Stack mt="md">
                <TeamsStep canAddSports={isSuperAdmin} onNext={() => onStep(3)} />
              </Stack>
            )}
          </Stepper.Step>
          <Stepper.Step
            label="Roster"
            description={status && school ? plural(status.athletes, 'athlete') : 'Import a spreadsheet'}
          >
            {school && (
              <Stack mt="md" gap="md" maw={640}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg" radius="md">
                    <IconBuildingCommunity size={20} />
                  </ThemeIcon>
                  <Text size="sm">
                    Import athletes from the spreadsheet you already have: any column names work, dates like 4/15/2010
                    too. Guardians and team places come with them, and everyone is invited by e-mail. Rows with problems
                    are listed so you can import the rest now and fix them later.
                  </Text>
                </Group>
                {status && status.athletes > 0 && (
                  <Text size="sm">
                    {school.name} has {plural(status.athletes, 'athlete')} and {plural(status.coaches, 'coach')} so far.
                  </Text>
                )}
                <Group justify="space-between">
                  {rosterImport}
                  <Button variant={status?.athletes ? 'filled' : 'subtle'} onClick={onFinish}>
                    {status?.athletes ? 'Finish' : 'Skip and finish'}
                  </Button>
                </Group>
              </Stack>
            )}
          </Stepper.Step>
        </Stepper>
      </Paper>
    </Stack>
  );
}
