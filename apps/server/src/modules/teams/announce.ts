import { SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Server } from 'socket.io';
import { organizationRoom, teamRoom } from '../../realtime/rooms.ts';

/** Tells the teams' and the organization's sockets that these teams changed (decision 003). */
export function announceTeams(io: Server, organizationId: number, teamIds: readonly number[]) {
  for (const teamId of teamIds) {
    io.to([teamRoom(teamId), organizationRoom(organizationId)]).emit(SOCKET_EVENTS.teamUpdate, { teamId });
  }
}
