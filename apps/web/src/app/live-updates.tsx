/**
 * The small "this changed" socket events (decision 003) turned into query invalidations by
 * each resource's key prefix. The app composes them here, so the one socket (the chat feature's)
 * carries them without the chat feature knowing teams, users or the calendar.
 */

import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { type AckUpdate, SOCKET_EVENTS } from '@fieldhouse/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { safeguardingKeys } from '../features/admin/api/safeguarding.ts';
import { storeAckUpdate } from '../features/announcements/api/ack-cache.ts';
import { availabilityKeys } from '../features/calendar/api/availability-queries.ts';
import { calendarKeys } from '../features/calendar/api/calendar-queries.ts';
import { dashboardKeys } from '../features/home/api/dashboard-queries.ts';
import { teamsKeys } from '../features/teams/api/teams-queries.ts';
import { usersKeys } from '../features/users/api/users-queries.ts';

/** What each event makes stale: the resource itself and the dashboard's figures about it. */
const STALE_AFTER: Record<string, QueryKey[]> = {
  [SOCKET_EVENTS.teamUpdate]: [teamsKeys.all, dashboardKeys.all],
  [SOCKET_EVENTS.calendarUpdate]: [calendarKeys.all, dashboardKeys.all],
  [SOCKET_EVENTS.availabilityUpdate]: [availabilityKeys.all],
  // A person switched off or deleted leaves rosters and counts too.
  [SOCKET_EVENTS.userStatusChange]: [usersKeys.all, teamsKeys.all, dashboardKeys.all],
  // Who observes which conversation (Admin → Safeguarding) changes with the rooms.
  [SOCKET_EVENTS.roomUpdate]: [safeguardingKeys.all],
};

export function LiveUpdates() {
  const { socket } = useChat();
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = Object.entries(STALE_AFTER).map(([event, keys]) =>
      socket.on(event, () => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }),
    );
    // Someone acknowledged an announcement: its card's counts move in place (decision 027).
    offs.push(socket.on<AckUpdate>(SOCKET_EVENTS.ackUpdate, (update) => storeAckUpdate(queryClient, update)));
    return () => {
      for (const off of offs) off();
    };
  }, [socket, queryClient]);
  return null;
}
