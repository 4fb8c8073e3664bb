/** Socket.IO room names, made only here (decision 003). */
export const userRoom = (userId: number) => `user:${userId}`;
export const chatRoom = (roomId: number) => `room:${roomId}`;
export const teamRoom = (teamId: number) => `team:${teamId}`;
export const organizationRoom = (organizationId: number) => `org:${organizationId}`;
