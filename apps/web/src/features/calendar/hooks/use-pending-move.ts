/**
 * Dragging or resizing an event: games and series dates ask first (the pending move), anything
 * else moves at once; a conflict turns the question into "Save anyway". A refused or failed move
 * puts the block back where it was.
 */
import type { CalendarConflict, CalendarOccurrence, EditScope } from '@fieldhouse/shared';
import type { EventChangeArg } from '@fullcalendar/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { updateEvent } from '../api/calendar-mutations.ts';
import { calendarKeys } from '../api/calendar-queries.ts';
import { movedTimes } from '../components/calendar-utils.ts';

export type PendingMove = {
  occurrence: CalendarOccurrence;
  times: { allDay: boolean; start: string; end: string };
  revert: () => void;
  conflicts: CalendarConflict[] | null;
};

export function usePendingMove() {
  const queryClient = useQueryClient();
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const [moveScope, setMoveScope] = useState<EditScope>('occurrence');

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
  const confirmMove = () => {
    if (pendingMove) move.mutate({ pending: pendingMove, scope: moveScope, confirm: Boolean(pendingMove.conflicts) });
  };

  return { pendingMove, moveScope, setMoveScope, onEventChange, cancelMove, confirmMove, moving: move.isPending };
}
