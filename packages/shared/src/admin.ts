/**
 * The admin area (decision 012): who enters which tab, the sports catalogue, the audit log,
 * message supervision and system status.
 */
import { z } from 'zod';
import { socketErrorRecordSchema } from './chat.ts';
import { boundedDate, boundedDateTime } from './dates.ts';
import { messageAckSchema } from './message-ack.ts';
import { limitParam, MAX_ROW_ID, pageParam, type Role, roleSchema } from './user.ts';

export const ADMIN_TABS = ['organizations', 'sports', 'audit', 'supervision', 'safeguarding', 'system'] as const;
export const adminTabSchema = z.enum(ADMIN_TABS);
export type AdminTab = z.infer<typeof adminTabSchema>;

/**
 * A SUPER_ADMIN sees every tab; an ATHLETIC_DIRECTOR their organization's audit, supervision,
 * safeguarding settings (decision 018) and sports (read).
 */
export function adminTabsFor(role: Role | null | undefined): AdminTab[] {
  if (role === 'SUPER_ADMIN') return [...ADMIN_TABS];
  if (role === 'ATHLETIC_DIRECTOR') return ['audit', 'supervision', 'safeguarding', 'sports'];
  return [];
}
export const canEnterAdminArea = (role: Role | null | undefined) => adminTabsFor(role).length > 0;

/** Icon keys the web draws (apps/web/src/components/sport-icon.tsx). */
export const SPORT_ICONS = [
  'ball-american-football',
  'ball-baseball',
  'ball-basketball',
  'ball-football',
  'ball-tennis',
  'ball-volleyball',
  'ball-bowling',
  'flag',
  'golf',
  'gymnastics',
  'ice-skating',
  'karate',
  'kayak',
  'run',
  'shoe',
  'ski-jumping',
  'speakerphone',
  'stretching',
  'swimming',
  'target',
  'trophy',
] as const;
export const sportIconSchema = z.enum(SPORT_ICONS, 'Choose one of the icons');
export type SportIconKey = z.infer<typeof sportIconSchema>;

export const sportInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  icon: sportIconSchema,
});
export type SportInput = z.infer<typeof sportInputSchema>;

const optionalId = z.coerce.number().int().positive().max(MAX_ROW_ID).optional().catch(undefined);
const optionalDate = boundedDateTime.or(boundedDate()).optional().catch(undefined);

/**
 * GET /audit and /audit.csv: invalid filters fall back to "no filter". Not `organizationId`: it
 * is the scope, and for a SUPER_ADMIN "no organization" means every one, so a mistyped id would
 * silently widen the log to the whole platform: it is a 400.
 */
export const auditQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(20, 100),
  search: z.string().trim().max(200).catch(''),
  action: z.string().trim().max(60).optional().catch(undefined),
  entityType: z.string().trim().max(40).optional().catch(undefined),
  actorId: optionalId,
  from: optionalDate,
  to: optionalDate,
  organizationId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditActorSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  role: roleSchema.nullable(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int().nullable(),
  actor: auditActorSchema.nullable(),
  action: z.string(),
  entity: z.object({ type: z.string(), id: z.string().nullable() }),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Why someone reads another person's conversation; recorded in the audit log. */
export const supervisionReasonSchema = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(10, 'Give a reason of at least 10 characters')
  .max(500, 'The reason must be at most 500 characters');

export const conversationListQuerySchema = z.object({
  search: z.string().trim().max(200).catch(''),
  page: pageParam,
  limit: limitParam(20, 100),
  organizationId: optionalId,
});

export const supervisedParticipantSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  role: roleSchema.nullable(),
  /** PARTICIPANT, GUARDIAN (safeguarding) or another membership reason. */
  reason: z.string(),
});

export const supervisedConversationSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  kind: z.enum(['DIRECT', 'TEAM', 'GROUP']),
  name: z.string(),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  participants: z.array(supervisedParticipantSchema),
  messageCount: z.number().int(),
  /** Who wrote last and when; never the text, which takes a reason to read (decision 012). */
  lastMessage: z.object({ createdAt: z.string(), senderName: z.string().nullable() }).nullable(),
});
export type SupervisedConversation = z.infer<typeof supervisedConversationSchema>;

export const supervisedMessagesQuerySchema = z.object({
  reason: supervisionReasonSchema,
  page: pageParam,
  limit: limitParam(100, 500),
});

export const supervisedMessageSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  sender: auditActorSchema.nullable(),
  content: z.string(),
  messageType: z.string(),
  /** Unsent by the sender (decision 023): the text above is still what was sent. */
  deleted: z.boolean(),
  deletedAt: z.string().nullable(),
  editedAt: z.string().nullable(),
  /** Earlier texts of an edited message, oldest first; `content` is the latest. */
  versions: z.array(z.object({ content: z.string(), writtenAt: z.string(), replacedAt: z.string() })),
  attachments: z.array(z.object({ fileName: z.string(), mimeType: z.string(), size: z.number() })),
  /** An announcement's or schedule change's acknowledgement counts (decision 027; `mine` is null). */
  ack: messageAckSchema.nullable().optional(),
});
export type SupervisedMessage = z.infer<typeof supervisedMessageSchema>;

export const systemStatusSchema = z.object({
  checkedAt: z.string(),
  database: z.object({
    up: z.boolean(),
    kind: z.string(),
    latencyMs: z.number(),
    version: z.string().nullable(),
    migrationsApplied: z.number().int().nullable(),
  }),
  sockets: z.object({
    total: z.number().int(),
    users: z.number().int(),
    nodes: z.array(z.object({ nodeId: z.string(), sockets: z.number().int(), users: z.number().int() })),
  }),
  socketErrors: z.object({
    byType: z.record(z.string(), z.number().int()),
    recent: z.array(socketErrorRecordSchema.extend({ userId: z.number().int().nullable(), receivedAt: z.string() })),
  }),
  /** Where finished chat attachments are kept: a folder on disk or an S3 bucket (decision 013). */
  fileStore: z.object({
    kind: z.enum(['disk', 's3']),
    /** The folder, or s3://bucket/prefix/. */
    location: z.string(),
    /** An S3-compatible endpoint's origin; null for Amazon S3 and for disk. */
    endpoint: z.string().nullable(),
  }),
  process: z.object({
    nodeId: z.string(),
    uptimeSeconds: z.number(),
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    version: z.string(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** Audit actions in words, for the log's Action column (the stored codes stay stable for filters). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.create': 'Person added',
  'user.create.undone': 'Person removed again',
  'user.update': 'Profile edited',
  'user.status': 'Status changed',
  'user.delete': 'Person deleted',
  'user.invite': 'Invite resent',
  'user.import': 'Roster imported',
  'user.email': 'E-mail changed',
  'user.email.undone': 'E-mail change undone',
  'user.guardian-link': 'Guardian linked',
  'user.guardian-unlink': 'Guardian unlinked',
  'user.guardian-update': 'Guardian changed',
  'team.create': 'Team created',
  'team.update': 'Team edited',
  'team.delete': 'Team archived',
  'team.member-add': 'Added to roster',
  'team.member-remove': 'Removed from roster',
  'team.member-update': 'Jersey or position',
  'team.coach-add': 'Coach added',
  'team.coach-remove': 'Coach removed',
  'event.create': 'Event added',
  'event.update': 'Event edited',
  'event.move': 'Event moved',
  'event.postpone': 'Event postponed',
  'event.cancel': 'Event cancelled',
  'event.delete': 'Event deleted',
  'calendar_feed.rotate': 'Feed link renewed',
  'organization.create': 'School set up',
  'organization.update': 'School edited',
  'organization.delete': 'School deleted',
  'organization.deactivate': 'School deactivated',
  'organization.reactivate': 'School reactivated',
  'sport.create': 'Sport added',
  'sport.update': 'Sport edited',
  'sport.delete': 'Sport removed',
  'chat.supervise': 'Conversation read',
  'chat.export': 'Conversation exported',
  'message.edit': 'Message edited',
  'message.unsend': 'Message unsent',
  'message.pin': 'Message pinned',
  'message.unpin': 'Message unpinned',
  'announcement.post': 'Announcement posted',
  'announcement.nudge': 'Acknowledgement nudge sent',
  'broadcast.send': 'Broadcast sent',
  'broadcast.schedule': 'Broadcast scheduled',
  'broadcast.cancel': 'Scheduled broadcast cancelled',
  'broadcast.edit': 'Scheduled broadcast edited',
  'broadcast-template.create': 'Broadcast template saved',
  'broadcast-template.delete': 'Broadcast template deleted',
  'profile.update': 'Own profile edited',
  'profile.photo': 'Own photo changed',
  'profile.photo-remove': 'Own photo removed',
};

/** An audit action in words; an action this build does not know reads as its code made readable. */
export const auditActionLabel = (action: string) =>
  AUDIT_ACTION_LABELS[action] ?? action.replace(/[._-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
