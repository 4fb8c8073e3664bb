/**
 * A calendar change notice (decision 024): the structured before → after diff a schedule change
 * posts with its SYSTEM chat message, so clients draw a card instead of grey text. Values are
 * display strings already formatted in the organization's time zone: every reader sees the same.
 */
import { z } from 'zod';

export const CHANGE_KINDS = ['create', 'move', 'update', 'postpone', 'cancel', 'reschedule', 'delete'] as const;
export const changeKindSchema = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof changeKindSchema>;

/** Changes that must stand out (colour, icon and words): the event is not happening as planned. */
export const ALERT_CHANGE_KINDS: readonly ChangeKind[] = ['cancel', 'postpone', 'delete'];

export const NOTICE_FIELDS = [
  'team',
  'title',
  'type',
  'date',
  'time',
  'facility',
  'location',
  'opponent',
  'homeAway',
  'status',
  'transportation',
  'repeat',
] as const;
export const noticeFieldSchema = z.enum(NOTICE_FIELDS);
export type NoticeField = z.infer<typeof noticeFieldSchema>;
export const NOTICE_FIELD_LABELS: Record<NoticeField, string> = {
  team: 'Team',
  title: 'Title',
  type: 'Type',
  date: 'Date',
  time: 'Time',
  facility: 'Facility',
  location: 'Location',
  opponent: 'Opponent',
  homeAway: 'Home/away',
  status: 'Status',
  transportation: 'Transportation',
  repeat: 'Repeats',
};

export const noticeChangeSchema = z.object({
  field: noticeFieldSchema,
  /** null: the field was empty (or the event is new). */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type NoticeChange = z.infer<typeof noticeChangeSchema>;

export const changeNoticeSchema = z.object({
  kind: changeKindSchema,
  /** "Schedule change", "Cancelled", …: the first words of the plain-text content too. */
  headline: z.string(),
  /** How the event is named ("Varsity Basketball: vs Central High (Home)"). */
  event: z.string(),
  /** When it now takes place, in the organization's zone ("Tue, Dec 1, 7:00 PM"). */
  when: z.string(),
  eventId: z.number().int(),
  changes: z.array(noticeChangeSchema),
  /** Where the calendar opens on this event. */
  actionUrl: z.string(),
});
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;
