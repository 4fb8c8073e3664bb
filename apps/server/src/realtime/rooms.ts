/** Socket.IO room names, made only here (decision 003). */
export const userRoom = (userId: number) => `user:${userId}`;
export const chatRoom = (roomId: number) => `room:${roomId}`;
export const teamRoom = (teamId: number) => `team:${teamId}`;
/** The sockets one sign-in opened (its tokens' `origin_jti`): a sign-out of that device closes them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const organizationRoom = (organizationId: number) => `org:${organizationId}`;
/**
 * Who hears a person's presence: the sockets that asked about them (`presence:query`). The
 * organization is in the name, so asking about someone of another organization joins a room
 * their announcements never reach.
 */
export const presenceRoom = (organizationId: number, userId: number) => `presence:${organizationId}:${userId}`;
