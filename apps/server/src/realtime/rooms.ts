/** Socket.IO room names, made only here (decision 003). */
export const userRoom = (userId: number) => `user:${userId}`;
export const chatRoom = (roomId: number) => `room:${roomId}`;
export const teamRoom = (teamId: number) => `team:${teamId}`;
export const organizationRoom = (organizationId: number) => `org:${organizationId}`;
/**
 * Who hears a person's presence: the sockets that asked about them (`presence:query`). The
 * organization is in the name, so asking about someone of another organization joins a room
 * their announcements never reach.
 */
export const presenceRoom = (organizationId: number, userId: number) => `presence:${organizationId}:${userId}`;
