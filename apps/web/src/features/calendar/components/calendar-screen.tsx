/**
 * The calendar screen: FullCalendar month/week/day/agenda in the school's time zone, filters,
 * a legend, create by selecting a slot, details on click, drag to move or resize (confirmed for
 * games and series), subscriptions, export and import.
 */
import type { CalendarConflict, CalendarOccurrence, EditScope } from '@fieldhouse/shared';
import type { DatesSetArg, EventChangeArg, EventClickArg, MoreLinkContentArg } from '@fullcalendar/core';
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
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { apiDownload } from '../../../lib/api-client.ts';
import { eventTitle } from '../../../lib/event-display.ts';
import { updateEvent } from '../api/calendar-mutations.ts';
import { type CalendarRange, calendarEventsQueryOptions, calendarKeys } from '../api/calendar-queries.ts';
import classes from './calendar.module.css';
import { CalendarActions } from './calendar-actions.tsx';
import { CalendarFilters, usePhoneFilters } from './calendar-filters.tsx';
import { CalendarLegend } from './calendar-legend.tsx';
import {
  apiRange,
  CALENDAR_VIEWS,
  type CalendarSearch,
  type CalendarView,
  DEFAULT_SCROLL_TIME,
  FULLCALENDAR_VIEW,
  firstEventScrollTime,
  movedTimes,
  PHONE_QUERY,
  schoolNow,
  toFullCalendarEvent,
  wallOf,
  whenText,
} from './calendar-utils.ts';
import { markEventElement, markMoreLink } from './event-a11y.ts';
import { EventContent } from './event-content.tsx';
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

/** "+3 more" on screen, "3 more events" to a screen reader; "+3" in a phone's narrow month cells. */
function MoreLinkContent({ arg, phone }: { arg: MoreLinkContentArg; phone: boolean }) {
  return (
    <>
      <span aria-hidden="true">{phone ? arg.shortText : arg.text}</span>
      <VisuallyHidden>{`${arg.num} more ${arg.num === 1 ? 'event' : 'events'}`}</VisuallyHidden>
    </>
  );
}

export function CalendarScreen({
  search,
  onSearch,
  teams,
  sports,
  signedInTimezone,
}: {
  search: CalendarSearch;
  onSearch: (patch: Partial<CalendarSearch>) => void;
  teams: TeamOption[];
  sports: SportOption[];
  /** The signed-in school's zone: "today" before the events (which carry the zone) have loaded. */
  signedInTimezone?: string | undefined;
}) {
  const calendarRef = useRef<FullCalendar>(null);
  const queryClient = useQueryClient();
  // Read at once, not after the first paint, so a phone never flashes the week grid.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  // A view in the URL wins; otherwise the week on a desktop, the agenda on a phone.
  const view: CalendarView = search.view ?? (phone ? 'agenda' : 'week');
  const timeGrid = view === 'week' || view === 'day';
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [visible, setVisible] = useState<{ from: string; to: string } | null>(null);
  const [title, setTitle] = useState('');
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const [selected, setSelected] = useState<CalendarOccurrence | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const [moveScope, setMoveScope] = useState<EditScope>('occurrence');
  const [feedsOpen, setFeedsOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const filters = { teamId: search.team, sportId: search.sport, facilityId: search.facility, type: search.type };
  const events = useQuery({
    ...calendarEventsQueryOptions(range ?? { from: '', to: '' }, filters),
    enabled: range !== null,
  });
  const fcEvents = useMemo(() => (events.data?.occurrences ?? []).map(toFullCalendarEvent), [events.data]);
  const emptyRange = events.isSuccess && fcEvents.length === 0;
  // The school's zone: the events say it; before they load, the signed-in school does.
  const timezone = events.data?.timezone ?? signedInTimezone;
  const phoneFilters = usePhoneFilters({ search, onSearch, teams, sports });
  // A notification links to /calendar?date=…&event=<id>: open that event once it is loaded.
  const linked = search.event;
  useEffect(() => {
    if (!linked || !events.data) return;
    const found = events.data.occurrences.find((o) => o.eventId === linked || o.seriesId === linked);
    if (found) setSelected(found);
    onSearch({ event: undefined });
  }, [linked, events.data, onSearch]);

  const api = () => calendarRef.current?.getApi();
  // The view follows the URL and, without one there, the screen's width (a phone turned sideways).
  useEffect(() => {
    const calendar = calendarRef.current?.getApi();
    if (calendar && calendar.view.type !== FULLCALENDAR_VIEW[view]) calendar.changeView(FULLCALENDAR_VIEW[view]);
  }, [view]);
  // Week and Day open at the range's first event (2 pm without one), once per range: the school's
  // events are afternoons and evenings, and a grid opened at 6 am looks empty.
  const scrolledFor = useRef('');
  useEffect(() => {
    if (!timeGrid || !visible || !events.data || events.isPlaceholderData) return;
    const key = `${view}:${visible.from}:${JSON.stringify(filters)}`;
    if (scrolledFor.current === key) return;
    scrolledFor.current = key;
    api()?.scrollToTime(firstEventScrollTime(events.data.occurrences, visible.from, visible.to));
  });
  const setView = (next: CalendarView) => onSearch({ view: next });
  const onDatesSet = (arg: DatesSetArg) => {
    setRange(apiRange(arg.start, arg.end));
    setVisible({ from: wallOf(arg.start).slice(0, 10), to: wallOf(arg.end).slice(0, 10) });
    setTitle(arg.view.title);
    const current = wallOf(arg.view.currentStart).slice(0, 10);
    const listLike = arg.view.type === 'dayGridMonth' || arg.view.type.startsWith('list');
    const date = listLike ? current : wallOf(arg.view.calendar.getDate()).slice(0, 10);
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
      { ...range, teamId: search.team, sportId: search.sport, facilityId: search.facility, type: search.type },
      `calendar-${search.date ?? 'export'}.${kind}`,
    ).catch((e: Error) => toast.error(e.message));
  };

  return (
    <Stack gap={phone ? 'sm' : 'md'}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            Calendar
          </Title>
          {!phone && (
            <Text c="dimmed">
              Games, practices and meetings for every team
              {events.data ? ` · times in ${events.data.timezone.replace('_', ' ')}` : ''}
            </Text>
          )}
        </Stack>
        <CalendarActions
          phone={phone}
          onSubscribe={() => setFeedsOpen(true)}
          onExport={exportFile}
          onImport={() => setImporting(true)}
          onNew={() => {
            const date = search.date ?? new Date().toISOString().slice(0, 10);
            setDraft({ start: `${date}T16:00`, end: `${date}T17:30`, allDay: false, teamId: search.team ?? null });
          }}
        />
      </Group>

      <Paper withBorder radius="md" p={phone ? 'xs' : 'md'}>
        <Group justify="space-between" mb={phone ? 'xs' : 'md'} gap="sm">
          <Group gap="xs" wrap="nowrap" className={classes.navigation}>
            <ActionIcon.Group>
              <ActionIcon
                variant="default"
                size="lg"
                className={classes.touch}
                aria-label="Previous"
                onClick={() => api()?.prev()}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                className={classes.touch}
                aria-label="Next"
                onClick={() => api()?.next()}
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </ActionIcon.Group>
            <Button variant="default" className={classes.touch} onClick={() => api()?.today()}>
              Today
            </Button>
            {!phone && (
              <Text fw={700} size="lg" ml="xs" data-testid="calendar-title">
                {title}
              </Text>
            )}
            {events.isFetching && <Loader size="xs" />}
            {!phone && emptyRange && !events.isFetching && (
              <Text size="sm" c="dimmed">
                Nothing scheduled
              </Text>
            )}
            {phone && <div className={classes.grow}>{phoneFilters.toggle}</div>}
          </Group>
          <Group gap="xs" className={classes.viewAndFilters}>
            {!phone && <CalendarFilters search={search} onSearch={onSearch} teams={teams} sports={sports} />}
            <SegmentedControl
              aria-label="View"
              value={view}
              onChange={(v) => setView(v as CalendarView)}
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
        {phone && phoneFilters.panel}

        <div className={`${classes.calendar} ${phone ? classes.phone : ''}`}>
          <FullCalendar
            ref={calendarRef}
            plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
            initialView={FULLCALENDAR_VIEW[view]}
            // Without a date in the link the grid opens on the school's today, known from sign-in.
            initialDate={search.date ?? (timezone ? schoolNow(timezone).slice(0, 10) : undefined)}
            timeZone="UTC"
            {...(timezone ? { now: () => schoolNow(timezone) } : {})}
            headerToolbar={false}
            // Time grids scroll inside a screen-high box (so they can open at the first event);
            // month and agenda grow with the page, and so does an empty week: a box with nothing
            // to focus in it could not be scrolled by keyboard (axe scrollable-region-focusable).
            height={
              timeGrid && !emptyRange ? (phone ? 'calc(100dvh - 220px)' : 'max(480px, calc(100dvh - 290px))') : 'auto'
            }
            firstDay={1}
            nowIndicator
            scrollTime={DEFAULT_SCROLL_TIME}
            slotMinTime="06:00:00"
            slotMaxTime="23:00:00"
            allDayText="All day"
            eventDisplay="block"
            slotEventOverlap={false}
            views={{
              // Overlaps collapse into "+N more" instead of slivers too thin to read.
              // A phone's week columns are ~40 px: every overlap becomes a tappable "+N" there.
              timeGridWeek: { eventMaxStack: phone ? 0 : 1 },
              timeGridDay: { eventMaxStack: phone ? 1 : 3 },
              dayGridMonth: { dayMaxEvents: phone ? 2 : 3 },
              // A phone's agenda keeps the time column narrow; the end is in the event's name and drawer.
              list: { displayEventEnd: !phone },
              // A day-based duration aligns to the day, so the agenda starts on the current date.
              listFortnight: { type: 'list', duration: { days: 14 } },
            }}
            dayHeaderFormat={
              phone && view === 'week'
                ? { weekday: 'narrow', day: 'numeric' }
                : phone && view === 'month'
                  ? { weekday: 'narrow' }
                  : undefined
            }
            moreLinkContent={(arg) => <MoreLinkContent arg={arg} phone={phone} />}
            moreLinkHint={(n: number) => `Show ${n} more ${n === 1 ? 'event' : 'events'}`}
            moreLinkDidMount={(arg) => markMoreLink(arg.el)}
            events={fcEvents}
            eventContent={(arg) => <EventContent arg={arg} phone={phone} onOpen={setSelected} />}
            eventDidMount={(arg) => markEventElement(arg.el, arg.event.extendedProps.occurrence as CalendarOccurrence)}
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
        <CalendarLegend occurrences={events.data?.occurrences ?? []} />
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
