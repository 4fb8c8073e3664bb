/**
 * Socket.IO event names, the one place both sides read them from. SPEC §7 leaves the strings
 * to us; they are kebab-case, `noun:verb` where a noun has several events. docs/decisions/003
 * explains the contract.
 */
export const SOCKET_EVENTS = {
  // client → server
  joinRoom: 'room:join',
  leaveRoom: 'room:leave',
  chatMessage: 'chat:message',
  fileUploadChunk: 'file-upload:chunk',
  fileUploadProgress: 'file-upload:progress',
  fileUploadComplete: 'file-upload:complete',
  fileUploadError: 'file-upload:error',
  typingStart: 'typing:start',
  typingStop: 'typing:stop',
  userPresence: 'user:presence',
  notification: 'notification',
  pollCreate: 'poll:create',
  pollVote: 'poll:vote',
  presenceQuery: 'presence:query',
  messageEdit: 'message:edit',
  messageUnsend: 'message:unsend',
  // server → client
  chatMessageReceived: 'chat:message-received',
  tabUnreadCountUpdate: 'tab:unread-count-update',
  /** Who is in a room, or whether it is on hold, changed: refetch it (and lists; a removed member loses it). */
  roomUpdate: 'chat:room-update',
  userJoined: 'room:user-joined',
  userLeft: 'room:user-left',
  userStatusChange: 'user:status-change',
  presenceOnline: 'presence:online',
  presenceOffline: 'presence:offline',
  teamUpdate: 'team:update',
  calendarUpdate: 'calendar:update',
  availabilityUpdate: 'availability:update',
  pollUpdate: 'poll:update',
  /** A message was edited or unsent: the payload is the message as it now reads. */
  messageUpdated: 'chat:message-updated',
  /** Someone acknowledged an announcement or schedule change: the message's new counts (decision 027). */
  ackUpdate: 'chat:ack-update',
  /** A participant's read position in a room moved (decision 023, read receipts): `ReadUpdate`. */
  readUpdate: 'chat:read-update',
} as const;

export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];
