import { Anchor, Group } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { facilitiesQueryOptions } from '../../../features/facilities/api/facility-queries.ts';
import { FacilitiesScreen } from '../../../features/facilities/components/facilities-screen.tsx';

export const Route = createFileRoute('/_app/calendar/facilities')({
  loader: ({ context }) => context.queryClient.ensureQueryData(facilitiesQueryOptions(true)),
  component: FacilitiesPage,
});

/** Facilities (decision 010), reached from the calendar's actions. */
function FacilitiesPage() {
  return (
    <FacilitiesScreen
      backLink={
        <Anchor component={Link} to="/calendar" size="sm">
          <Group gap={2}>
            <IconChevronLeft size={14} />
            Back to calendar
          </Group>
        </Anchor>
      }
    />
  );
}
