/** Above the grid: previous/next/today, the range's title, the filters (desktop) and the view switch. */
import { ActionIcon, Button, Group, Loader, SegmentedControl, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './calendar.module.css';
import { CALENDAR_VIEWS, type CalendarView } from './calendar-utils.ts';

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day', agenda: 'Agenda' };

export function CalendarToolbar({
  phone,
  title,
  view,
  onView,
  fetching,
  emptyRange,
  filters,
  phoneFiltersToggle,
  onPrev,
  onNext,
  onToday,
}: {
  phone: boolean;
  title: string;
  view: CalendarView;
  onView: (view: CalendarView) => void;
  fetching: boolean;
  emptyRange: boolean;
  /** The desktop's filter selects (a phone folds them behind `phoneFiltersToggle`). */
  filters: ReactNode;
  phoneFiltersToggle: ReactNode;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
}) {
  return (
    <Group justify="space-between" mb={phone ? 'xs' : 'md'} gap="sm">
      <Group gap="xs" wrap="nowrap" className={classes.navigation}>
        <ActionIcon.Group>
          <ActionIcon variant="default" size="lg" className={classes.touch} aria-label="Previous" onClick={onPrev}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" className={classes.touch} aria-label="Next" onClick={onNext}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </ActionIcon.Group>
        <Button variant="default" className={classes.touch} onClick={onToday}>
          Today
        </Button>
        {!phone && (
          <Text fw={700} size="lg" ml="xs" data-testid="calendar-title">
            {title}
          </Text>
        )}
        {fetching && <Loader size="xs" />}
        {!phone && emptyRange && !fetching && (
          <Text size="sm" c="dimmed">
            Nothing scheduled
          </Text>
        )}
        {phone && <div className={classes.grow}>{phoneFiltersToggle}</div>}
      </Group>
      <Group gap="xs" className={classes.viewAndFilters}>
        {!phone && filters}
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => onView(v as CalendarView)}
          data={CALENDAR_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
          fullWidth={phone}
          w={phone ? '100%' : undefined}
          classNames={{ label: classes.touchLabel }}
        />
      </Group>
      {phone && (
        <Text fw={700} size="md" data-testid="calendar-title" w="100%">
          {title}
        </Text>
      )}
    </Group>
  );
}
