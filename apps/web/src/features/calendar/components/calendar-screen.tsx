/**
 * The calendar screen: FullCalendar month/week/day/agenda in the school's time zone, filters,
 * a legend, create by selecting a slot, details on click, drag to move or resize (confirmed for
 * games and series), subscriptions, export and import. This file composes them: the grid
 * (calendar-view), the toolbar, the pending-move question and the dialogs.
 */
import type { CalendarOccurrence } from '@fieldhouse/shared';
import type { DatesSetArg } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { download } from '../../../lib/download.ts';
import { type CalendarRange, calendarEventsQueryOptions } from '../api/calendar-queries.ts';
import { usePendingMove } from '../hooks/use-pending-move.ts';
import { CalendarActions } from './calendar-actions.tsx';
import { CalendarFilters, usePhoneFilters } from './calendar-filters.tsx';
import { CalendarLegend } from './calendar-legend.tsx';
import { CalendarToolbar } from './calendar-toolbar.tsx';
import {
  apiRange,
  type CalendarSearch,
  FULLCALENDAR_VIEW,
  firstEventScrollTime,
  PHONE_QUERY,
  toFullCalendarEvent,
  type CalendarView as View,
  wallOf,
} from './calendar-utils.ts';
import { CalendarView } from './calendar-view.tsx';
import { EventDrawer } from './event-drawer.tsx';
import { type EventDraft, EventFormModal, type TeamOption } from './event-form-modal.tsx';
import { FeedsPanel } from './feeds-panel.tsx';
import { PendingMoveModal } from './pending-move-modal.tsx';
import { ScheduleImportWizard } from './schedule-import-wizard.tsx';

export type SportOption = { id: number; name: string };

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
  // Read at once, not after the first paint, so a phone never flashes the week grid.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  // A view in the URL wins; otherwise the week on a desktop, the agenda on a phone.
  const view: View = search.view ?? (phone ? 'agenda' : 'week');
  const timeGrid = view === 'week' || view === 'day';
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [visible, setVisible] = useState<{ from: string; to: string } | null>(null);
  const [title, setTitle] = useState('');
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const [selected, setSelected] = useState<CalendarOccurrence | null>(null);
  const [feedsOpen, setFeedsOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const moves = usePendingMove();
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
  const onDatesSet = (arg: DatesSetArg) => {
    setRange(apiRange(arg.start, arg.end));
    setVisible({ from: wallOf(arg.start).slice(0, 10), to: wallOf(arg.end).slice(0, 10) });
    setTitle(arg.view.title);
    const current = wallOf(arg.view.currentStart).slice(0, 10);
    const listLike = arg.view.type === 'dayGridMonth' || arg.view.type.startsWith('list');
    const date = listLike ? current : wallOf(arg.view.calendar.getDate()).slice(0, 10);
    if (date !== search.date) onSearch({ date });
  };

  const exportFile = (kind: 'ics' | 'csv') => {
    if (!range) return;
    download(
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
        <CalendarToolbar
          phone={phone}
          title={title}
          view={view}
          onView={(next) => onSearch({ view: next })}
          fetching={events.isFetching}
          emptyRange={emptyRange}
          filters={<CalendarFilters search={search} onSearch={onSearch} teams={teams} sports={sports} />}
          phoneFiltersToggle={phoneFilters.toggle}
          onPrev={() => api()?.prev()}
          onNext={() => api()?.next()}
          onToday={() => api()?.today()}
        />
        {phone && phoneFilters.panel}
        <CalendarView
          calendarRef={calendarRef}
          phone={phone}
          view={view}
          initialDate={search.date}
          timezone={timezone}
          emptyRange={emptyRange}
          events={fcEvents}
          teamId={search.team ?? null}
          onOpen={setSelected}
          onDraft={setDraft}
          onEventChange={moves.onEventChange}
          onDatesSet={onDatesSet}
        />
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
      <PendingMoveModal
        pendingMove={moves.pendingMove}
        moveScope={moves.moveScope}
        onScope={moves.setMoveScope}
        onCancel={moves.cancelMove}
        onConfirm={moves.confirmMove}
        moving={moves.moving}
      />
    </Stack>
  );
}
