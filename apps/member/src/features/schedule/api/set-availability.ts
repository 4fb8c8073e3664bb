/**
 * PUT /calendar/events/:id/availability: Going, Maybe or Not going, with a note, for one date or
 * (scope 'series', decision 022) for this date and the later ones of its series.
 */
import type { Availability, AvailabilityScope, AvailabilityStatus, CalendarOccurrence } from '@fieldhouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client.ts';
import { scheduleKeys } from './schedule.ts';

export type AvailabilityInput = {
  occurrence: CalendarOccurrence;
  athleteId: number;
  status: AvailabilityStatus;
  note: string;
  scope: AvailabilityScope;
};

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    // The whole answer: its message says how many dates a series answer reached.
    mutationFn: async ({ occurrence, athleteId, status, note, scope }: AvailabilityInput) =>
      apiPut<{ data: Availability; message: string }>(`/calendar/events/${occurrence.eventId}/availability`, {
        status,
        note: note.trim() || null,
        // A series date names its original start; a single event or a moved date needs none.
        occurrenceStart: occurrence.occurrenceStart,
        athleteId,
        ...(scope === 'series' ? { scope } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
