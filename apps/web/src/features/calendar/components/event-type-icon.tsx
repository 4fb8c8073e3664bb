/** A small icon per event type, inside the event blocks and in the legend (colour is the team's). */
import type { EventType } from '@fieldhouse/shared';
import { IconCalendarEvent, IconRun, IconTournament, IconTrophy, IconUsers } from '@tabler/icons-react';

const ICONS = {
  GAME: IconTrophy,
  PRACTICE: IconRun,
  MEETING: IconUsers,
  TOURNAMENT: IconTournament,
  OTHER: IconCalendarEvent,
} satisfies Record<EventType, unknown>;

/** Decorative: the event's accessible name already says its type. */
export function EventTypeIcon({ type, size = 12 }: { type: EventType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} stroke={2.2} aria-hidden="true" style={{ flexShrink: 0, verticalAlign: '-2px' }} />;
}
