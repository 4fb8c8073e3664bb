/**
 * The event form's live conflict check: as the time, team, facility or repetition change, the
 * planned event is checked (debounced) against the calendar, so a double-booking shows before
 * saving. The save still answers 409 and asks to confirm (decision 010).
 */
import type { CalendarConflict, Recurrence } from '@fieldhouse/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ConflictCheck, conflictsQueryOptions } from '../api/calendar-queries.ts';

export type PlannedEvent = {
  start: string;
  end: string;
  allDay: boolean;
  /** The facility record's id, from the form's select ('' when none). */
  facilityId: string;
  teamId: number | undefined;
  /** Editing: the event (or its series) that never conflicts with itself. */
  excludeId: number | undefined;
  rule: Recurrence | null;
};

/** The query the endpoint takes; null while there is nothing to check (no team, no facility, no date). */
export function conflictCheckOf(p: PlannedEvent): ConflictCheck | null {
  const facilityId = p.facilityId ? Number(p.facilityId) : undefined;
  if (!p.start || !p.end || p.start.startsWith('T') || !(facilityId || p.teamId)) return null;
  const { rule } = p;
  return {
    start: p.start,
    end: p.end,
    allDay: p.allDay,
    facilityId,
    teamId: p.teamId,
    excludeId: p.excludeId,
    repeatDays: rule?.byDay.length ? rule.byDay.join(',') : undefined,
    repeatUntil: rule?.until,
    repeatFreq: rule?.freq,
    repeatMonthDay: rule?.byMonthDay,
    repeatNth: rule?.nth,
    repeatInterval: rule && rule.interval > 1 ? rule.interval : undefined,
  };
}

export function useConflictCheck(planned: PlannedEvent, delayMs = 400) {
  const [check] = useDebouncedValue(conflictCheckOf(planned), delayMs);
  const query = useQuery(conflictsQueryOptions(check));
  const conflicts: CalendarConflict[] = check ? (query.data ?? []) : [];
  return { conflicts, checking: check !== null && query.isFetching };
}
