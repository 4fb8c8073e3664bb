import { z } from 'zod';
import { changeNoticeSchema } from './change-notice.ts';
import { CHAT } from './constants.ts';
import { messageAckSchema } from './message-ack.ts';
import { messageQuoteSchema, pinnedMessageSchema } from './message-quote.ts';
import { readPositionSchema } from './read-receipts.ts';
import { muteStateSchema } from './room-mute.ts';
import { memberReasonSchema } from './safeguarding.ts';
import { isoDateTime, limitParam, pageParam } from './user.ts';

/** ANNOUNCEMENT: a director's or coach's team announcement, posted over REST only (decision 027). */
export const MESSAGE_TYPES = ['TEXT', 'IMAGE', 'FILE', 'POLL', 'SYSTEM', 'ANNOUNCEMENT'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** Stored file metadata attached to a message. */
export const mediaSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

export const pollSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  multipleChoice: z.boolean(),
  closesAt: isoDateTime.nullable(),
  /** Voters are listed per option: a team poll is small, and "who said yes" is the point of it. */
  options: z.array(
    z.object({ id: z.number().int(), text: z.string(), votes: z.number().int(), voterIds: z.array(z.number().int()) }),
  ),
});
export type Poll = z.infer<typeof pollSchema>;

/** Chat message (received), SPEC §3. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  sender: z.object({
    id: z.number().int(),
    firstName: z.string().optional(),
    lastName: z.string().nullable().optional(),
    userImage: z.string().nullable().optional(),
  }),
  content: z.string(),
  createdAt: isoDateTime,
  /** When the author last edited it (decision 023); null when never. */
  editedAt: isoDateTime.nullable(),
  /** The author took it back: content, media and poll are empty, the client shows "Message unsent". */
  unsent: z.boolean(),
  messageType: messageTypeSchema,
  media: z.array(mediaSchema),
  poll: pollSchema.nullable(),
  /** A calendar change's structured diff (SYSTEM messages only); absent on every other message. */
  notice: changeNoticeSchema.nullable().optional(),
  /**
   * Acknowledgement (decision 027): announcements and schedule changes that ask people to say
   * "Got it". Null when the message asks nobody. The server always sends it; optional so that
   * messages made on the client (the outbox's pending copy) need not.
   */
  ack: messageAckSchema.nullable().optional(),
  /** The message it answers (decision 023), quoted as it reads now; null or absent when none. */
  replyTo: messageQuoteSchema.nullable().optional(),
  chatRoom: z.object({ id: z.number().int(), uuid: z.uuid() }),
  /**
   * The id its author's app gave it (outgoing `clientId`); absent when none. Its author's app
   * shows one bubble while the message is still in its outbox (stored, but its ack lost or
   * answered 503), not the stored copy beside the pending one.
   */
  clientId: z.uuid().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Chat room list item, SPEC §3: `id` is the counterpart user's id until a room exists. */
export const chatRoomListItemSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid().nullable(),
  chatId: z.number().int().nullable(),
  unread: z.number().int().nonnegative(),
  lastMessage: chatMessageSchema.nullable(),
  /** The viewer muted this room (decision 023): the list shows a muted icon. */
  muted: z.boolean().optional(),
});
export type ChatRoomListItem = z.infer<typeof chatRoomListItemSchema>;

export const TAB_VALUES = ['COACHES', 'ATHLETES', 'GUARDIANS'] as const;
export const tabValueSchema = z.enum(TAB_VALUES);
export type TabValue = z.infer<typeof tabValueSchema>;
export const TAB_LABELS: Record<TabValue, string> = {
  COACHES: 'Coaches',
  ATHLETES: 'Athletes',
  GUARDIANS: 'Guardians',
};

export const tabSchema = z.object({
  label: z.string(),
  value: tabValueSchema,
  count: z.number().int().nonnegative(),
});
export type Tab = z.infer<typeof tabSchema>;

/** The three tabs with count 0: what a tab unread-count update resets to (SPEC §4). */
export const emptyTabs = (): Tab[] => TAB_VALUES.map((value) => ({ label: TAB_LABELS[value], value, count: 0 }));

/** Attachment metadata as it travels with an outgoing message (the File itself stays in the browser). */
export const attachmentSchema = z.object({
  /** The stored upload (from the file-upload:complete ack) this attachment refers to. */
  attachmentId: z.uuid().optional(),
  isChunked: z.boolean(),
  totalSize: z.number().int().nonnegative().max(CHAT.maxFileSizeBytes),
  chunkCount: z.number().int().nonnegative(),
  originalName: z.string().min(1).max(255),
  mimeType: z.string().max(255).optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A message text is sendable when non-empty and within the limit (SPEC §5). */
export const isSendableText = (text: string) => text.trim().length > 0 && text.length <= CHAT.maxMessageLength;

/** Outgoing message, SPEC §3. `clientId` makes a resend idempotent. */
export const outgoingMessageSchema = z
  .object({
    roomId: z.number().int().positive(),
    clientId: z.uuid().optional(),
    message: z.string().max(CHAT.maxMessageLength, 'Message too long or invalid'),
    messageType: messageTypeSchema.default('TEXT'),
    attachments: z.array(attachmentSchema).max(10).default([]),
    timestamp: z.number().int().optional(),
    hasChunkedFiles: z.boolean().default(false),
    /** The message of the same room this one answers (decision 023). */
    replyToId: z.number().int().positive().optional(),
  })
  .refine((m) => m.attachments.length > 0 || m.message.trim().length > 0, {
    message: 'Message too long or invalid',
    path: ['message'],
  });
export type OutgoingMessage = z.input<typeof outgoingMessageSchema>;

/** One piece of a chunked upload, SPEC §3. `data` is base64 or binary. */
export const fileChunkSchema = z.object({
  roomId: z.number().int().positive(),
  id: z.string().min(1).max(100),
  data: z.union([z.string(), z.instanceof(Uint8Array)]),
  index: z.number().int().nonnegative(),
  totalChunks: z.number().int().positive(),
  fileName: z.string().min(1).max(255),
  attachmentIndex: z.number().int().nonnegative(),
  size: z.number().int().nonnegative().max(CHAT.maxChunkSizeBytes),
  offset: z.number().int().nonnegative(),
  /** The whole file's size, so an oversize file is refused at its first chunk. */
  totalSize: z.number().int().nonnegative().optional(),
});

export const fileUploadCompleteSchema = z.object({
  roomId: z.number().int().positive(),
  id: z.string().min(1).max(100),
  fileName: z.string().min(1).max(255),
  attachmentIndex: z.number().int().nonnegative(),
  totalChunks: z.number().int().positive(),
});

export const fileUploadErrorSchema = z.object({
  roomId: z.number().int().positive(),
  id: z.string().min(1).max(100).optional(),
  fileName: z.string().min(1).max(255),
  attachmentIndex: z.number().int().nonnegative(),
  error: z.string().max(500).optional(),
  timestamp: z.number().int().optional(),
});

/** SPEC §5: 'File(s) too large. Maximum size is {N}MB'. */
export const fileTooLargeMessage = (maxBytes: number = CHAT.maxFileSizeBytes) =>
  `File(s) too large. Maximum size is ${Math.round(maxBytes / (1024 * 1024))}MB`;
export type FileChunk = z.infer<typeof fileChunkSchema>;

export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;
export const presenceSchema = z.object({
  status: z.enum(PRESENCE_STATUSES),
  currentRoom: z.number().int().nullable().optional(),
  timestamp: z.number().int(),
});
export type Presence = z.infer<typeof presenceSchema>;

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error', 'message', 'event'] as const;
export const notificationSchema = z.object({
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
  actionUrl: z.string().nullable().optional(),
  timestamp: z.number().int(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const SOCKET_ERROR_TYPES = ['connection', 'authentication', 'timeout', 'server', 'network'] as const;
export const socketErrorRecordSchema = z.object({
  type: z.enum(SOCKET_ERROR_TYPES),
  message: z.string(),
  code: z.union([z.string(), z.number()]).nullable(),
  timestamp: z.number().int(),
  retryable: z.boolean(),
});
export type SocketErrorRecord = z.infer<typeof socketErrorRecordSchema>;

export const CONNECTION_STATES = ['disconnected', 'connecting', 'connected', 'reconnecting', 'error'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** Search params of `/messages/` (SPEC §2): the tab, the open room and a message to jump to. */
export const messagesSearchSchema = z.object({
  tab: tabValueSchema.catch('COACHES'),
  roomId: z.coerce.number().int().positive().optional().catch(undefined),
  messageId: z.coerce.number().int().positive().optional().catch(undefined),
});
export type MessagesSearch = z.infer<typeof messagesSearchSchema>;

/** A room list item as the API sends it: SPEC §3 plus the counterpart person. */
export const roomListItemSchema = chatRoomListItemSchema.extend({
  counterpart: z.object({
    id: z.number().int(),
    uuid: z.uuid(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    /** Administrators only; null for coaches, athletes and guardians (decision 026). */
    email: z.string().nullable(),
    role: z.string(),
    status: z.string(),
    contactNumber: z.string().nullable(),
    userImage: z.string().nullable(),
  }),
});
export type RoomListItem = z.infer<typeof roomListItemSchema>;

/** An open room: what the thread header shows (the team, the people in it and why they are there). */
export const roomDetailSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  kind: z.enum(['DIRECT', 'TEAM', 'GROUP']),
  name: z.string().nullable(),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The two people of a direct room (others may be members: guardians, supervising admins). */
  directUserIds: z.array(z.number().int()).nullable(),
  members: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string().nullable(),
      role: z.string().nullable(),
      userImage: z.string().nullable(),
      /** Why they are here (decision 018): PARTICIPANT, OVERSIGHT, GUARDIAN or SAFEGUARDING. */
      reason: memberReasonSchema,
      /** What the others read about why: 'Guardian of Zoë Núñez', 'Safeguarding contact'. */
      note: z.string().nullable(),
    }),
  ),
  safeguarding: z.object({
    /** Why people's messages are refused here, while no second adult can join (decision 018). */
    hold: z.string().nullable(),
    /** Why the viewer is here, when it is not as a participant: a guardian reads that it is for safeguarding. */
    viewerNote: z.string().nullable(),
  }),
  /** The viewer's mute of this room (decision 023); absent for a viewer who is no member. */
  viewerMute: muteStateSchema.optional(),
  /** The message staff pinned in a team room (decision 023); null when none. */
  pinned: pinnedMessageSchema.nullable().optional(),
  /** Whether the viewer may pin here: a team room, and they are its coach or a school administrator. */
  viewerCanPin: z.boolean().optional(),
  /**
   * Read receipts (decision 023): the read position of every participant other than the viewer,
   * so `reads.length` is the M of "Seen by N of M". Observers are not listed.
   */
  reads: z.array(readPositionSchema).optional(),
});
export type RoomDetail = z.infer<typeof roomDetailSchema>;

/** `chat:room-update`: who is in the room or its hold changed; `removed` tells an ex-member it is gone. */
export type RoomUpdate = { roomId: number; removed?: true };

export const roomListQuerySchema = z.object({
  tab: tabValueSchema.catch('COACHES'),
  search: z.string().trim().max(200).catch(''),
  page: pageParam,
  limit: limitParam(),
});

export const historyQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().nonnegative().optional(),
  around: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The acknowledgement of every client → server socket event. */
export type SocketAck<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; error: { statusCode: number; message: string; id?: string } };

/** Create a poll in a room: it arrives as a POLL message like any other (SPEC §3 `poll`). */
export const pollCreateSchema = z.object({
  roomId: z.number().int().positive(),
  clientId: z.uuid().optional(),
  question: z.string().trim().min(1, 'Ask a question').max(300),
  options: z.array(z.string().trim().min(1).max(100)).min(2, 'Give at least two options').max(10),
  multipleChoice: z.boolean().default(false),
  closesAt: isoDateTime.nullable().optional(),
});
export type PollCreate = z.input<typeof pollCreateSchema>;

/** A vote replaces the voter's earlier choice; an empty list withdraws it. */
export const pollVoteSchema = z.object({
  pollId: z.number().int().positive(),
  optionIds: z.array(z.number().int().positive()).max(10),
});

/** Server → room members after a vote: the poll's new tally. */
export type PollUpdate = { roomId: number; messageId: number; poll: Poll };

/** Ask for the presence of some people (the answer covers every server node). */
export const presenceQuerySchema = z.object({
  userIds: z.array(z.number().int().positive()).max(CHAT.presenceQueryMaxIds),
});
export type PresenceSnapshot = Record<number, 'online' | 'away' | 'offline'>;

export const roomRefSchema = z.object({ roomId: z.number().int().positive() });
