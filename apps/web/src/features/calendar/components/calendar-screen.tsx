/**
 * The calendar screen: FullCalendar month/week/day/agenda in the school's time zone, filters,
 * a legend, create by selecting a slot, details on click, drag to move or resize (confirmed for
 * games and series), subscriptions, export and import.
 */
import {
  type CalendarConflict,
  type CalendarOccurrence,
  type EditScope,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
} from '@fieldhouse/shared';
import type { DatesSetArg, EventChangeArg, EventClickArg, EventContentArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconFileImport,
  IconPlus,
  IconRss,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { apiDownload } from '../../../lib/api-client.ts';
import { eventTitle, TYPE_COLORS } from '../../../lib/event-display.ts';
import { updateEvent } from '../api/calendar-mutations.ts';
import { type CalendarRange, calendarEventsQueryOptions, calendarKeys } from '../api/calendar-queries.ts';
import classes from './calendar.module.css';
import {
  apiRange,
  CALENDAR_VIEWS,
  type CalendarSearch,
  type CalendarView,
  FULLCALENDAR_VIEW,
  movedTimes,
  toFullCalendarEvent,
  wallOf,
  whenText,
} from './calendar-utils.ts';
import { EventDrawer } from './event-drawer.tsx';
import { type EventDraft, EventFormModal, type TeamOption } from './event-form-modal.tsx';
import { FeedsPanel } from './feeds-panel.tsx';
import { ScheduleImportWizard } from './schedule-import-wizard.tsx';

export type SportOption = { id: number; name: string };

type PendingMove = {
  occurrence: CalendarOccurrence;
  times: { allDay: boolean; start: string; end: string };
  revert: () => void;
  conflicts: CalendarConflict[] | null;
};

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day', agenda: 'Agenda' };

function EventContent({ arg }: { arg: EventContentArg }) {
  const o = arg.event.extendedProps.occurrence as CalendarOccurrence;
  const pill =
    o.status === 'POSTPONED' ? (
      <span className={classes.pill}>Postponed</span>
    ) : o.status === 'CANCELLED' ? (
      <span className={`${classes.pill} ${classes.pillCancelled}`}>Cancelled</span>
    ) : null;
  if (arg.view.type.startsWith('list')) {
    return (
      <span>
        {pill}
        <span className="fh-title" style={{ fontWeight: 600 }}>
          {arg.event.title}
        </span>
        {o.team && <span style={{ color: 'var(--mantine-color-dimmed)' }}> · {o.team.name}</span>}
        {(o.facility || o.location) && (
          <span style={{ color: 'var(--mantine-color-dimmed)' }}> · {o.facility ?? o.location}</span>
        )}
      </span>
    );
  }
  if (arg.view.type === 'dayGridMonth' && !o.allDay) {
    return (
      <>
        <div className="fc-daygrid-event-dot" />
        <div className="fc-event-time">{arg.timeText}</div>
        <div className={`fc-event-title fh-title ${classes.eventTitle}`}>
          {pill}
          {arg.event.title}
        </div>
      </>
    );
  }
  return (
    <div className={classes.eventBody}>
      <div className={`${classes.eventTitle} fh-title`}>
        {pill}
        {arg.event.title}
      </div>
      {!o.allDay && <div className={classes.eventMeta}>{arg.timeText}</div>}
      {(o.facility || o.location) && <div className={classes.eventMeta}>{o.facility ?? o.location}</div>}
    </div>
  );
}

export function CalendarScreen({
  search,
  onSearch,
  teams,
  sports,
}: {
  search: CalendarSearch;
  onSearch: (patch: Partial<CalendarSearch>) => void;
  teams: TeamOption[];
  sports: SportOption[];
}) {
  const calendarRef = useRef<FullCalendar>(null);
  const queryClient = useQueryClient();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [title, setTitle] = useState('');
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const [selected, setSelected] = useState<CalendarOccurrence | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const [moveScope, setMoveScope] = useState<EditScope>('occurrence');
  const [feedsOpen, setFeedsOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const filters = { teamId: search.team, sportId: search.sport, type: search.type };
  const events = useQuery({
    ...calendarEventsQueryOptions(range ?? { from: '', to: '' }, filters),
    enabled: range !== null,
  });
  const fcEvents = useMemo(() => (events.data?.occurrences ?? []).map(toFullCalendarEvent), [events.data]);
  // A notification links to /calendar?date=…&event=<id>: open that event once it is loaded.
  const linked = search.event;
  useEffect(() => {
    if (!linked || !events.data) return;
    const found = events.data.occurrences.find((o) => o.eventId === linked || o.seriesId === linked);
    if (found) setSelected(found);
    onSearch({ event: undefined });
  }, [linked, events.data, onSearch]);
  const visibleTeams = search.sport ? teams.filter((t) => t.sportId === search.sport) : teams;

  const api = () => calendarRef.current?.getApi();
  const setView = (view: CalendarView) => {
    api()?.changeView(FULLCALENDAR_VIEW[view]);
    onSearch({ view });
  };
  const onDatesSet = (arg: DatesSetArg) => {
    setRange(apiRange(arg.start, arg.end));
    setTitle(arg.view.title);
    const current = wallOf(arg.view.currentStart).slice(0, 10);
    const date =
      search.view === 'month' || search.view === 'agenda' ? current : wallOf(arg.view.calendar.getDate()).slice(0, 10);
    if (date !== search.date) onSearch({ date });
  };

  const move = useMutation({
    mutationFn: async ({ pending, scope, confirm }: { pending: PendingMove; scope: EditScope; confirm: boolean }) => {
      const o = pending.occurrence;
      return updateEvent(o.eventId, {
        ...pending.times,
        scope: o.seriesId ? scope : 'series',
        occurrenceStart: o.isException ? undefined : (o.occurrenceStart ?? undefined),
        confirmConflicts: confirm,
      });
    },
    onSuccess: async (result, { pending }) => {
      if (result.kind === 'conflicts') {
        setPendingMove({ ...pending, conflicts: result.conflicts });
        return;
      }
      setPendingMove(null);
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      toast.success(pending.occurrence.team ? 'Moved; the team has been told in its chat' : 'Event moved');
    },
    onError: (e, { pending }) => {
      pending.revert();
      setPendingMove(null);
      toast.error(e.message);
    },
  });

  const onEventChange = (arg: EventChangeArg) => {
    const occurrence = arg.event.extendedProps.occurrence as CalendarOccurrence;
    const times = movedTimes(arg.event.start as Date, arg.event.end, arg.event.allDay);
    const pending = { occurrence, times, revert: arg.revert, conflicts: null };
    setMoveScope('occurrence');
    // Games and series dates ask first; anything else moves at once (and asks on a conflict).
    if (occurrence.type === 'GAME' || occurrence.seriesId) setPendingMove(pending);
    else move.mutate({ pending, scope: 'series', confirm: false });
  };
  const cancelMove = () => {
    pendingMove?.revert();
    setPendingMove(null);
  };

  const exportFile = (kind: 'ics' | 'csv') => {
    if (!range) return;
    apiDownload(
      `/calendar/export.${kind}`,
      { ...range, teamId: search.team, sportId: search.sport, type: search.type },
      `calendar-${search.date ?? 'export'}.${kind}`,
    ).catch((e: Error) => toast.error(e.message));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            Calendar
          </Title>
          <Text c="dimmed">
            Games, practices and meetings for every team
            {events.data ? ` · times in ${events.data.timezone.replace('_', ' ')}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconRss size={16} />} onClick={() => setFeedsOpen(true)}>
            Subscribe
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />}>
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>What is shown now</Menu.Label>
              <Menu.Item onClick={() => exportFile('ics')}>Calendar file (.ics)</Menu.Item>
              <Menu.Item onClick={() => exportFile('csv')}>Spreadsheet (.csv)</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            Import
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              const date = search.date ?? new Date().toISOString().slice(0, 10);
              setDraft({ start: `${date}T16:00`, end: `${date}T17:30`, allDay: false, teamId: search.team ?? null });
            }}
          >
            New event
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="md" gap="sm">
          <Group gap="xs">
            <ActionIcon.Group>
              <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => api()?.prev()}>
                <IconChevronLeft size={18} />
              </ActionIcon>
              <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => api()?.next()}>
                <IconChevronRight size={18} />
              </ActionIcon>
            </ActionIcon.Group>
            <Button variant="default" onClick={() => api()?.today()}>
              Today
            </Button>
            <Text fw={700} size="lg" ml="xs" data-testid="calendar-title">
              {title}
            </Text>
            {events.isFetching && <Loader size="xs" />}
          </Group>
          <Group gap="xs">
            <Select
              aria-label="Sport"
              placeholder="All sports"
              data={sports.map((s) => ({ value: String(s.id), label: s.name }))}
              value={search.sport ? String(search.sport) : null}
              onChange={(v) => onSearch({ sport: v ? Number(v) : undefined, team: undefined })}
              clearable
              w={150}
            />
            <Select
              aria-label="Team"
              placeholder="All teams"
              data={visibleTeams.map((t) => ({ value: String(t.id), label: t.name }))}
              value={search.team ? String(search.team) : null}
              onChange={(v) => onSearch({ team: v ? Number(v) : undefined })}
              clearable
              searchable
              w={210}
            />
            <Select
              aria-label="Type"
              placeholder="All types"
              data={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
              value={search.type ?? null}
              onChange={(v) => onSearch({ type: (v as EventType | null) ?? undefined })}
              clearable
              w={130}
            />
            <SegmentedControl
              value={search.view}
              onChange={(v) => setView(v as CalendarView)}
              data={CALENDAR_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
            />
          </Group>
        </Group>

        <div className={classes.calendar}>
          <FullCalendar
            ref={calendarRef}
            plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
            initialView={FULLCALENDAR_VIEW[search.view]}
            {...(search.date ? { initialDate: search.date } : {})}
            timeZone="UTC"
            headerToolbar={false}
            height="auto"
            firstDay={1}
            nowIndicator
            scrollTime="07:00:00"
            slotMinTime="06:00:00"
            slotMaxTime="23:00:00"
            allDayText="All day"
            dayMaxEventRows={4}
            events={fcEvents}
            eventContent={(arg) => <EventContent arg={arg} />}
            eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
            editable
            selectable
            selectMirror
            eventClick={(arg: EventClickArg) => {
              arg.jsEvent.preventDefault();
              setSelected(arg.event.extendedProps.occurrence as CalendarOccurrence);
            }}
            select={(arg) => {
              const oneDay = arg.allDay && arg.end.getTime() - arg.start.getTime() <= 86_400_000;
              const date = wallOf(arg.start).slice(0, 10);
              setDraft(
                oneDay && arg.view.type === 'dayGridMonth'
                  ? { start: `${date}T16:00`, end: `${date}T17:30`, allDay: false, teamId: search.team ?? null }
                  : { ...movedTimes(arg.start, arg.end, arg.allDay), teamId: search.team ?? null },
              );
              arg.view.calendar.unselect();
            }}
            dateClick={(arg: DateClickArg) => {
              if (arg.view.type.startsWith('list'))
                setDraft({
                  start: `${wallOf(arg.date).slice(0, 10)}T16:00`,
                  end: `${wallOf(arg.date).slice(0, 10)}T17:30`,
                  allDay: false,
                });
            }}
            eventDrop={onEventChange}
            eventResize={onEventChange}
            datesSet={onDatesSet}
            noEventsContent="Nothing scheduled in this range"
          />
        </div>
        <Group gap="lg" mt="md" data-testid="legend">
          {EVENT_TYPES.map((t) => (
            <Group gap={6} key={t}>
              <span className={classes.legendDot} style={{ background: `var(--mantine-color-${TYPE_COLORS[t]}-7)` }} />
              <Text size="xs" c="dimmed">
                {EVENT_TYPE_LABELS[t]}
              </Text>
            </Group>
          ))}
          <Group gap={6}>
            <span className={`${classes.pill}`}>Postponed</span>
          </Group>
          <Text size="xs" c="dimmed" td="line-through">
            Cancelled
          </Text>
        </Group>
      </Paper>

      <EventFormModal draft={draft} teams={teams} onClose={() => setDraft(null)} />
      <EventDrawer
        occurrence={selected}
        onClose={() => setSelected(null)}
        onEdit={(occurrence, scope) => {
          setSelected(null);
          setDraft({
            occurrence,
            scope,
            start: occurrence.localStart,
            end: occurrence.localEnd,
            allDay: occurrence.allDay,
          });
        }}
      />
      <FeedsPanel opened={feedsOpen} onClose={() => setFeedsOpen(false)} />
      <ScheduleImportWizard opened={importing} onClose={() => setImporting(false)} />
      <Modal
        opened={pendingMove !== null}
        onClose={cancelMove}
        title={pendingMove?.occurrence.type === 'GAME' ? 'Move this game?' : 'Move this event?'}
        centered
      >
        {pendingMove && (
          <Stack>
            <Text size="sm">
              <b>{eventTitle(pendingMove.occurrence)}</b>
            </Text>
            <Stack gap={2}>
              <Text size="sm" c="dimmed" td="line-through">
                {whenText(pendingMove.occurrence)}
              </Text>
              <Text size="sm" fw={600}>
                {whenText({
                  allDay: pendingMove.times.allDay,
                  localStart: pendingMove.times.allDay ? `${pendingMove.times.start}T00:00` : pendingMove.times.start,
                  localEnd: pendingMove.times.allDay
                    ? `${new Date(Date.parse(`${pendingMove.times.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}T00:00`
                    : pendingMove.times.end,
                })}
              </Text>
            </Stack>
            {pendingMove.occurrence.seriesId && (
              <SegmentedControl
                value={moveScope}
                onChange={(v) => setMoveScope(v as EditScope)}
                data={[
                  { value: 'occurrence', label: 'This event' },
                  { value: 'following', label: 'This and following' },
                  { value: 'series', label: 'All events' },
                ]}
              />
            )}
            {pendingMove.occurrence.team && (
              <Text size="sm" c="dimmed">
                {pendingMove.occurrence.team.name} gets a message in its chat, and its coaches, athletes and guardians a
                notification.
              </Text>
            )}
            {pendingMove.conflicts && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Double-booked">
                {pendingMove.conflicts.slice(0, 4).map((c) => (
                  <Text size="sm" key={`${c.reason}-${c.occurrence.key}`}>
                    {c.reason === 'FACILITY' ? c.occurrence.facility : c.occurrence.team?.name}:{' '}
                    {eventTitle(c.occurrence)}, {whenText(c.occurrence)}
                  </Text>
                ))}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={cancelMove}>
                Keep the old time
              </Button>
              <Tooltip label="Save despite the conflicts" disabled={!pendingMove.conflicts}>
                <Button
                  color={pendingMove.conflicts ? 'orange' : undefined}
                  loading={move.isPending}
                  onClick={() =>
                    move.mutate({ pending: pendingMove, scope: moveScope, confirm: Boolean(pendingMove.conflicts) })
                  }
                >
                  {pendingMove.conflicts ? 'Save anyway' : 'Move'}
                </Button>
              </Tooltip>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
