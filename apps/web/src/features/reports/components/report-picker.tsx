import { REPORT_NAMES, type ReportName } from '@fieldhouse/shared';
import { SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconCalendarStats,
  IconChartBar,
  IconClipboardList,
  IconMessageCircleExclamation,
  IconMessages,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { REPORTS } from './labels.ts';
import classes from './reports.module.css';

const ICONS: Record<ReportName, typeof IconUsers> = {
  roster: IconClipboardList,
  users: IconUsers,
  participation: IconChartBar,
  messaging: IconMessages,
  unanswered: IconMessageCircleExclamation,
  events: IconCalendarStats,
  availability: IconUserCheck,
};

/** The reports as cards; the chosen one is highlighted (aria-pressed). */
export function ReportPicker({ value, onChange }: { value: ReportName; onChange: (report: ReportName) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4, xl: 7 }} spacing="sm" mb="lg" className={classes.noPrint}>
      {REPORT_NAMES.map((name) => {
        const Icon = ICONS[name];
        const active = name === value;
        return (
          <UnstyledButton
            key={name}
            className={classes.pickerCard}
            data-active={active || undefined}
            aria-pressed={active}
            onClick={() => onChange(name)}
          >
            <Stack gap={6}>
              <ThemeIcon variant={active ? 'filled' : 'light'} size="lg" radius="md">
                <Icon size={20} stroke={1.7} />
              </ThemeIcon>
              <Text fw={600} size="sm" lh={1.3}>
                {REPORTS[name].title}
              </Text>
              <Text size="xs" c="dimmed" lh={1.35}>
                {REPORTS[name].description}
              </Text>
            </Stack>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
