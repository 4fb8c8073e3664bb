/** PUT /calendar/events/:id/availability: Going, Maybe or Not going, with a note, for one date. */
import type { Availability, AvailabilityStatus, CalendarOccurrence } from '@fieldhouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client.ts';
import { scheduleKeys } from './schedule.ts';

export type AvailabilityInput = {
  occurrence: CalendarOccurrence;
  athleteId: number;
  status: AvailabilityStatus;
  note: string;
};

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ occurrence, athleteId, status, note }: AvailabilityInput) =>
      (
        await apiPut<{ data: Availability }>(`/calendar/events/${occurrence.eventId}/availability`, {
          status,
          note: note.trim() || null,
          // A series date names its original start; a single event or a moved date needs none.
          occurrenceStart: occurrence.occurrenceStart,
          athleteId,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
