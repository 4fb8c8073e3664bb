/**
 * Create or edit an event: type, title, team or organization-wide, game details, times or
 * all-day, repetition (weekly on days, monthly on a day or on the first…last weekday), place, bus time and notes. Conflicts are checked while typing and
 * shown before saving; a double-booking needs an explicit "Save anyway".
 */
import {
  addDays,
  type CalendarConflict,
  type CalendarOccurrence,
  type EditScope,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
  type HomeAway,
  monthWeekOf,
  ordinalName,
  type Recurrence,
  repeatPhrase,
  WEEKDAYS,
  type Weekday,
  weekdayOfDate,
} from '@fieldhouse/shared';
import {
  Button,
  Chip,
  Divider,
  Grid,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRepeat } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { createEvent, type SaveResult, updateEvent } from '../api/calendar-mutations.ts';
import { calendarKeys } from '../api/calendar-queries.ts';
import { useConflictCheck } from '../hooks/use-conflict-check.ts';
import { shortDate } from './calendar-utils.ts';
import { ConflictNotice } from './conflict-notice.tsx';
import { FacilitySelect } from './facility-select.tsx';
import { ScopeChoice } from './scope-choice.tsx';

export type TeamOption = { id: number; name: string; sportId: number };

export type EventDraft = {
  /** Editing: the occurrence the form opened from. */
  occurrence?: CalendarOccurrence;
  scope?: EditScope;
  start: string;
  end: string;
  allDay: boolean;
  teamId?: number | null;
};

type Values = {
  type: EventType;
  title: string;
  teamId: string;
  opponent: string;
  homeAway: HomeAway;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  repeat: RepeatChoice;
  /** Every N weeks or months, as the select's string. */
  interval: string;
  byDay: Weekday[];
  until: string;
  location: string;
  /** The facility's id as a string; '' for none. */
  facilityId: string;
  transportation: string;
  notes: string;
};

const DAY_LABELS: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
const DAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const weekdayOf = weekdayOfDate;

type RepeatChoice = 'NONE' | 'WEEKLY' | 'MONTHLY_DAY' | 'MONTHLY_WEEKDAY';

/** The Repeat choices a start date offers, as Google Calendar words them. */
function repeatOptions(date: string) {
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const weekday = ok ? DAY_NAMES[weekdayOf(date)] : 'the same day';
  return [
    { value: 'NONE', label: 'Does not repeat' },
    { value: 'WEEKLY', label: `Weekly on ${weekday}` },
    { value: 'MONTHLY_DAY', label: ok ? `Monthly on day ${Number(date.slice(8, 10))}` : 'Monthly on the same day' },
    {
      value: 'MONTHLY_WEEKDAY',
      label: ok ? `Monthly on the ${ordinalName(monthWeekOf(date))} ${weekday}` : 'Monthly on the same weekday',
    },
  ];
}

/** The rule the form's choice makes, derived from the start date for monthly choices. */
function repeatRule(v: Values): Recurrence | null {
  const interval = Number(v.interval) || 1;
  const base = { until: v.until, interval };
  if (v.repeat === 'WEEKLY') return { ...base, byDay: v.byDay };
  if (v.repeat === 'MONTHLY_DAY')
    return { ...base, freq: 'MONTHLY', byDay: [], byMonthDay: Number(v.startDate.slice(8, 10)) };
  if (v.repeat === 'MONTHLY_WEEKDAY') {
    return { ...base, freq: 'MONTHLY', byDay: [weekdayOf(v.startDate)], nth: monthWeekOf(v.startDate) };
  }
  return null;
}

function initialValues(draft: EventDraft): Values {
  const o = draft.occurrence;
  const start = o?.localStart ?? draft.start;
  const allDay = o?.allDay ?? draft.allDay;
  // All-day ends are exclusive in the API; the form shows the last day.
  const end = o ? (allDay ? addDays(o.localEnd.slice(0, 10), -1) : o.localEnd) : draft.end;
  return {
    type: o?.type ?? 'PRACTICE',
    title: o?.title ?? '',
    teamId: o ? String(o.team?.id ?? '') : draft.teamId ? String(draft.teamId) : '',
    opponent: o?.opponent ?? '',
    homeAway: o?.homeAway ?? 'HOME',
    allDay,
    startDate: start.slice(0, 10),
    startTime: allDay ? '16:00' : start.slice(11, 16),
    endDate: end.slice(0, 10),
    endTime: allDay ? '17:30' : end.slice(11, 16),
    repeat: 'NONE',
    interval: '1',
    byDay: [weekdayOf(start.slice(0, 10))],
    until: addDays(start.slice(0, 10), 56),
    location: o?.location ?? '',
    facilityId: o?.facilityId ? String(o.facilityId) : '',
    transportation: o?.transportation ?? '',
    notes: o?.notes ?? '',
  };
}

export function EventFormModal({
  draft,
  teams,
  onClose,
}: {
  draft: EventDraft | null;
  teams: TeamOption[];
  onClose: () => void;
}) {
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={draft?.occurrence ? 'Edit event' : 'New event'}
      size="lg"
      centered
    >
      {draft && (
        <EventForm key={draft.occurrence?.key ?? `${draft.start}`} draft={draft} teams={teams} onClose={onClose} />
      )}
    </Modal>
  );
}

function EventForm({ draft, teams, onClose }: { draft: EventDraft; teams: TeamOption[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const editing = draft.occurrence;
  const isSeries = Boolean(editing?.seriesId);
  const [scope, setScope] = useState<EditScope>(draft.scope ?? (isSeries ? 'occurrence' : 'series'));
  const [serverConflicts, setServerConflicts] = useState<CalendarConflict[] | null>(null);
  const form = useForm<Values>({
    initialValues: initialValues(draft),
    validate: {
      title: (v) => (v.trim() ? null : 'Give the event a title'),
      opponent: (v, values) => (values.type === 'GAME' && !v.trim() ? 'Who is the opponent?' : null),
      startDate: (v) => (v ? null : 'Choose a date'),
      endDate: (v, values) => (!v ? 'Choose a date' : v < values.startDate ? 'Ends before it starts' : null),
      endTime: (v, values) =>
        !values.allDay && values.endDate === values.startDate && v <= values.startTime ? 'Ends before it starts' : null,
      byDay: (v, values) => (values.repeat === 'WEEKLY' && v.length === 0 ? 'Choose at least one day' : null),
      until: (v, values) =>
        values.repeat !== 'NONE' && (!v || v < values.startDate) ? 'Repeat until a date after the start' : null,
    },
  });
  // Repeat days follow the start date (a Tuesday start repeats on Tuesdays) until the director
  // picks days themselves.
  const daysChosen = useRef(false);
  form.watch('startDate', ({ value }) => {
    if (!daysChosen.current && value) form.setFieldValue('byDay', [weekdayOf(value)]);
  });
  // Weeks go up to 4, months to 12: a monthly "every 6" turned weekly starts again at 1.
  form.watch('repeat', ({ value }) => {
    if (value === 'WEEKLY' && Number(form.getValues().interval) > 4) form.setFieldValue('interval', '1');
  });
  const v = form.getValues();
  const start = v.allDay ? v.startDate : `${v.startDate}T${v.startTime}`;
  const end = v.allDay ? v.endDate : `${v.endDate}T${v.endTime}`;
  const teamId = v.teamId ? Number(v.teamId) : undefined;
  const rule = repeatRule(v);
  const live = useConflictCheck({
    start: v.startDate && v.endDate ? start : '',
    end: v.startDate && v.endDate ? end : '',
    allDay: v.allDay,
    facilityId: v.facilityId,
    teamId,
    excludeId: editing ? (editing.seriesId ?? editing.eventId) : undefined,
    rule,
  });
  const shown = serverConflicts ?? live.conflicts;

  const save = useMutation({
    mutationFn: async (confirm: boolean): Promise<SaveResult> => {
      const common = {
        type: v.type,
        title: v.title.trim(),
        opponent: v.type === 'GAME' ? v.opponent.trim() : '',
        homeAway: v.type === 'GAME' ? v.homeAway : undefined,
        allDay: v.allDay,
        start,
        end,
        location: v.location.trim(),
        facilityId: v.facilityId ? Number(v.facilityId) : 0,
        transportation: v.transportation.trim(),
        notes: v.notes.trim(),
        confirmConflicts: confirm,
      };
      if (editing) {
        return updateEvent(editing.eventId, {
          ...common,
          teamId: teamId ?? 0,
          scope: isSeries ? scope : 'series',
          occurrenceStart: editing.isException ? undefined : (editing.occurrenceStart ?? undefined),
        });
      }
      return createEvent({
        ...common,
        teamId: teamId ?? null,
        opponent: common.opponent || null,
        location: common.location || null,
        facilityId: common.facilityId || null,
        transportation: common.transportation || null,
        notes: common.notes || null,
        repeat: rule,
      });
    },
    onSuccess: async (result) => {
      if (result.kind === 'conflicts') {
        setServerConflicts(result.conflicts);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      toast.success(editing ? 'Event updated' : `${EVENT_TYPE_LABELS[result.event.type]} added to the calendar`);
      onClose();
    },
    onError: (e) => toast.error(e.message),
  });

  const hasConflicts = shown.length > 0;
  const submit = (confirm: boolean) => {
    if (form.validate().hasErrors) return;
    save.mutate(confirm);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit(false);
      }}
    >
      <Stack gap="sm">
        {isSeries && <ScopeChoice label="Apply changes to" value={scope} onChange={setScope} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Type"
            data={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <Select
            label="Team"
            data={[
              { value: '', label: 'Whole organization' },
              ...teams.map((t) => ({ value: String(t.id), label: t.name })),
            ]}
            searchable
            allowDeselect={false}
            {...form.getInputProps('teamId')}
          />
        </SimpleGrid>
        <TextInput label="Title" placeholder="Varsity Basketball" data-autofocus {...form.getInputProps('title')} />
        {v.type === 'GAME' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Opponent" placeholder="Central High" {...form.getInputProps('opponent')} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Home or away
              </Text>
              <SegmentedControl
                data={[
                  { value: 'HOME', label: 'Home' },
                  { value: 'AWAY', label: 'Away' },
                  { value: 'NEUTRAL', label: 'Neutral' },
                ]}
                {...form.getInputProps('homeAway')}
              />
            </Stack>
          </SimpleGrid>
        )}
        <Divider label="When" labelPosition="left" />
        <Switch label="All day" {...form.getInputProps('allDay', { type: 'checkbox' })} />
        <SimpleGrid cols={v.allDay ? 2 : 4}>
          <TextInput type="date" label="Starts" {...form.getInputProps('startDate')} />
          {!v.allDay && <TextInput type="time" label="at" {...form.getInputProps('startTime')} />}
          <TextInput type="date" label="Ends" {...form.getInputProps('endDate')} />
          {!v.allDay && <TextInput type="time" label="at" {...form.getInputProps('endTime')} />}
        </SimpleGrid>
        {!editing && (
          // Repeat gets half the row: its choices are long ("Monthly on the fourth Wednesday").
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                label="Repeat"
                leftSection={<IconRepeat size={14} />}
                data={repeatOptions(v.startDate)}
                {...form.getInputProps('repeat')}
              />
            </Grid.Col>
            {v.repeat !== 'NONE' && (
              <>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <NativeSelect
                    label="Every"
                    data={Array.from({ length: v.repeat === 'WEEKLY' ? 4 : 12 }, (_, i) => ({
                      value: String(i + 1),
                      label: `${i + 1} ${v.repeat === 'WEEKLY' ? 'week' : 'month'}${i ? 's' : ''}`,
                    }))}
                    {...form.getInputProps('interval')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <TextInput type="date" label="Until" {...form.getInputProps('until')} />
                </Grid.Col>
              </>
            )}
          </Grid>
        )}
        {editing?.repeat && scope !== 'occurrence' && (
          <Text size="sm" c="dimmed">
            Repeats {repeatPhrase(editing.repeat, DAY_LABELS)} until {shortDate(editing.repeat.until)}.
          </Text>
        )}
        {v.repeat === 'WEEKLY' && !editing && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              On
            </Text>
            <Chip.Group
              multiple
              value={v.byDay}
              onChange={(days) => {
                daysChosen.current = true;
                form.setFieldValue('byDay', days as Weekday[]);
              }}
            >
              <Group gap={4}>
                {WEEKDAYS.map((d) => (
                  <Chip key={d} value={d} size="xs" variant="outline">
                    {DAY_LABELS[d]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {form.errors.byDay && (
              <Text size="xs" c="red">
                {form.errors.byDay}
              </Text>
            )}
          </Stack>
        )}
        <Divider label="Where" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Location" placeholder="Lincoln High School" {...form.getInputProps('location')} />
          <FacilitySelect
            value={v.facilityId}
            onChange={(id) => form.setFieldValue('facilityId', id)}
            current={
              editing?.facilityId && editing.facility ? { id: editing.facilityId, name: editing.facility } : null
            }
          />
        </SimpleGrid>
        <TextInput
          label="Transportation"
          placeholder="Bus departs 4:15 PM from the east lot"
          {...form.getInputProps('transportation')}
        />
        <Textarea label="Notes" autosize minRows={2} maxRows={5} {...form.getInputProps('notes')} />
        <ConflictNotice conflicts={shown} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {hasConflicts ? (
            <Button color="orange" loading={save.isPending} onClick={() => submit(true)}>
              Save anyway
            </Button>
          ) : (
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Save changes' : 'Create event'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
