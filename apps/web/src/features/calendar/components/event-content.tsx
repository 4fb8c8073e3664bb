/** What an event block shows, per view: type icon, status pill, title, time and place. */
import { type CalendarOccurrence, EVENT_TYPE_LABELS } from '@fieldhouse/shared';
import type { EventContentArg } from '@fullcalendar/core';
import { VisuallyHidden } from '@mantine/core';
import classes from './calendar.module.css';
import { whenText } from './calendar-utils.ts';
import { EventTypeIcon } from './event-type-icon.tsx';

function StatusPill({ o }: { o: CalendarOccurrence }) {
  if (o.status === 'POSTPONED') return <span className={classes.pill}>Postponed</span>;
  if (o.status === 'CANCELLED') return <span className={`${classes.pill} ${classes.pillCancelled}`}>Cancelled</span>;
  return null;
}

export function EventContent({
  arg,
  phone,
  onOpen,
}: {
  arg: EventContentArg;
  phone: boolean;
  /** Opens the event: FullCalendar's own keyboard handling is on the default list link this replaces. */
  onOpen: (o: CalendarOccurrence) => void;
}) {
  const o = arg.event.extendedProps.occurrence as CalendarOccurrence;
  const place = o.facility ?? o.location;
  const teamName = o.team && !arg.event.title.includes(o.team.name) ? o.team.name : null;
  // The accessible name comes from the content (an aria-label would differ from what is shown,
  // axe label-content-name-mismatch): status and type before it, the full date and time after.
  const before = (
    <VisuallyHidden component="span">
      {[
        o.status === 'POSTPONED' ? 'Postponed' : o.status === 'CANCELLED' ? 'Cancelled' : null,
        EVENT_TYPE_LABELS[o.type],
      ]
        .filter(Boolean)
        .join(', ')}
      ,{' '}
    </VisuallyHidden>
  );
  const after = (
    <VisuallyHidden component="span">{`, ${[teamName, whenText(o), place].filter(Boolean).join(', ')}`}</VisuallyHidden>
  );
  if (arg.view.type.startsWith('list')) {
    // The row stays a table row; this is the focusable, named control (a click reaches the row).
    return (
      // biome-ignore lint/a11y/useSemanticElements: FullCalendar styles and handles the row's inline content, not a form button
      <span
        role="button"
        tabIndex={0}
        className={classes.listEvent}
        data-touch-target
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          onOpen(o);
        }}
      >
        {before}
        <span className={classes.listTitle}>
          <EventTypeIcon type={o.type} size={14} /> <StatusPill o={o} />
          <span className="fh-title">{arg.event.title}</span>
        </span>
        {(teamName || place) && (
          <span className={classes.listMeta}>{[teamName, place].filter(Boolean).join(' · ')}</span>
        )}
        {after}
      </span>
    );
  }
  if (arg.view.type === 'dayGridMonth') {
    return (
      // On a phone the cell shows a coloured chip with the type; the popover shows the title too.
      <div className={phone ? classes.monthEventCompact : classes.monthEvent}>
        {before}
        <EventTypeIcon type={o.type} />
        {!phone && !o.allDay && <span className={classes.monthTime}>{arg.timeText}</span>}
        <span className={`${classes.monthTitle} fh-title`}>
          {!phone && <StatusPill o={o} />}
          {arg.event.title}
        </span>
        {after}
      </div>
    );
  }
  return (
    <div className={classes.eventBody}>
      {before}
      <div className={`${classes.eventTitle} fh-title`}>
        <EventTypeIcon type={o.type} /> <StatusPill o={o} />
        {arg.event.title}
      </div>
      {!o.allDay && <div className={classes.eventMeta}>{arg.timeText}</div>}
      {place && <div className={classes.eventMeta}>{place}</div>}
      {after}
    </div>
  );
}
