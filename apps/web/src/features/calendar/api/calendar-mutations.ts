/**
 * Changing the calendar. A save that double-books answers 409 with the conflicts; these
 * functions return them instead of throwing, so the form can offer "Save anyway".
 */
import type {
  CalendarConflict,
  CalendarFeed,
  CalendarOccurrence,
  EditScope,
  EventInput,
  EventStatus,
  EventUpdate,
} from '@fieldhouse/shared';
import { ApiError, apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

export type SaveResult =
  | { kind: 'saved'; event: CalendarOccurrence }
  | { kind: 'conflicts'; conflicts: CalendarConflict[] };

async function withConflicts(call: () => Promise<{ data: CalendarOccurrence }>): Promise<SaveResult> {
  try {
    return { kind: 'saved', event: (await call()).data };
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as { data?: { conflicts?: CalendarConflict[] } }) : undefined;
    if (error instanceof ApiError && error.statusCode === 409 && body?.data?.conflicts) {
      return { kind: 'conflicts', conflicts: body.data.conflicts };
    }
    throw error;
  }
}

export const createEvent = (input: EventInput) =>
  withConflicts(() => apiPost<{ data: CalendarOccurrence }>('/calendar/events', input));

export const updateEvent = (id: number, input: EventUpdate) =>
  withConflicts(() => apiPatch<{ data: CalendarOccurrence }>(`/calendar/events/${id}`, input));

export const changeEventStatus = (
  id: number,
  input: { status: EventStatus; scope: EditScope; occurrenceStart?: string | undefined },
) => withConflicts(() => apiPost<{ data: CalendarOccurrence }>(`/calendar/events/${id}/status`, input));

export const deleteEvent = (id: number, scope: EditScope, occurrenceStart?: string | null) =>
  apiDelete(`/calendar/events/${id}`, { scope, occurrenceStart });

export const rotateFeed = async (teamId: number | null) =>
  (await apiPost<{ data: CalendarFeed[] }>('/calendar/feeds/rotate', { teamId })).data;
