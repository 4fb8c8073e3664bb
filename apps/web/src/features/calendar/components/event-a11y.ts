/**
 * FullCalendar renders events and "+N more" links as anchors without href: focusable (it adds
 * tabindex and Enter/Space) but nameless, and the more link carries aria-expanded, which an
 * anchor of no role may not (axe aria-allowed-attr). These hooks give them a role and a name.
 */
import { type CalendarOccurrence, EVENT_TYPE_LABELS } from '@fieldhouse/shared';
import { eventTitle } from '../../../lib/event-display.ts';
import { whenText } from './calendar-utils.ts';

/** "Postponed, Game, Boys Varsity Basketball vs Central High, Tue, Nov 24, 2026 · 7:00 PM – 9:00 PM, Main Gym". */
export function eventLabel(o: CalendarOccurrence) {
  const title = eventTitle(o);
  return [
    o.status === 'POSTPONED' ? 'Postponed' : o.status === 'CANCELLED' ? 'Cancelled' : null,
    EVENT_TYPE_LABELS[o.type],
    title,
    o.team && !title.includes(o.team.name) ? o.team.name : null,
    whenText(o),
    o.facility ?? o.location,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * eventDidMount: the full title on hover, and a button for keyboard and screen readers, named by
 * its content (EventContent adds the type before and the full date after, visually hidden).
 */
export function markEventElement(el: HTMLElement, o: CalendarOccurrence) {
  el.title = eventLabel(o);
  // A list row stays a table row; the button inside it (EventContent) is the control.
  if (el.tagName === 'TR') return;
  el.setAttribute('role', 'button');
}

/** moreLinkDidMount: a button, which may say whether its popover is open. */
export function markMoreLink(el: HTMLElement) {
  el.setAttribute('role', 'button');
}
