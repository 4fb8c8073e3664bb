/**
 * The FullCalendar grid in the school's time zone (wall times as UTC): month, week, day and the
 * two-week agenda; select a slot to create, click to open, drag or resize to move.
 */
import type { CalendarOccurrence } from '@fieldhouse/shared';
import type { DatesSetArg, EventChangeArg, EventClickArg, MoreLinkContentArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { VisuallyHidden } from '@mantine/core';
import type { RefObject } from 'react';
import classes from './calendar.module.css';
import {
  DEFAULT_SCROLL_TIME,
  FULLCALENDAR_VIEW,
  type FullCalendarInput,
  movedTimes,
  schoolNow,
  type CalendarView as View,
  wallOf,
} from './calendar-utils.ts';
import { markEventElement, markMoreLink } from './event-a11y.ts';
import { EventContent } from './event-content.tsx';
import type { EventDraft } from './event-form-modal.tsx';

/** "+3 more" on screen, "3 more events" to a screen reader; "+3" in a phone's narrow month cells. */
function MoreLinkContent({ arg, phone }: { arg: MoreLinkContentArg; phone: boolean }) {
  return (
    <>
      <span aria-hidden="true">{phone ? arg.shortText : arg.text}</span>
      <VisuallyHidden>{`${arg.num} more ${arg.num === 1 ? 'event' : 'events'}`}</VisuallyHidden>
    </>
  );
}

export function CalendarView({
  calendarRef,
  phone,
  view,
  initialDate,
  timezone,
  emptyRange,
  events,
  teamId,
  onOpen,
  onDraft,
  onEventChange,
  onDatesSet,
}: {
  calendarRef: RefObject<FullCalendar | null>;
  phone: boolean;
  view: View;
  /** The date in the link, if any. */
  initialDate: string | undefined;
  timezone: string | undefined;
  emptyRange: boolean;
  events: FullCalendarInput[];
  /** The team filter: a new event starts for it. */
  teamId: number | null;
  onOpen: (occurrence: CalendarOccurrence) => void;
  onDraft: (draft: EventDraft) => void;
  onEventChange: (arg: EventChangeArg) => void;
  onDatesSet: (arg: DatesSetArg) => void;
}) {
  const timeGrid = view === 'week' || view === 'day';
  return (
    <div className={`${classes.calendar} ${phone ? classes.phone : ''}`}>
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={FULLCALENDAR_VIEW[view]}
        // Without a date in the link the grid opens on the school's today, known from sign-in.
        initialDate={initialDate ?? (timezone ? schoolNow(timezone).slice(0, 10) : undefined)}
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
        events={events}
        eventContent={(arg) => <EventContent arg={arg} phone={phone} onOpen={onOpen} />}
        eventDidMount={(arg) => markEventElement(arg.el, arg.event.extendedProps.occurrence as CalendarOccurrence)}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
        editable
        selectable
        selectMirror
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onOpen(arg.event.extendedProps.occurrence as CalendarOccurrence);
        }}
        select={(arg) => {
          const oneDay = arg.allDay && arg.end.getTime() - arg.start.getTime() <= 86_400_000;
          const date = wallOf(arg.start).slice(0, 10);
          onDraft(
            oneDay && arg.view.type === 'dayGridMonth'
              ? { start: `${date}T16:00`, end: `${date}T17:30`, allDay: false, teamId }
              : { ...movedTimes(arg.start, arg.end, arg.allDay), teamId },
          );
          arg.view.calendar.unselect();
        }}
        dateClick={(arg: DateClickArg) => {
          if (arg.view.type.startsWith('list'))
            onDraft({
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
  );
}
