/**
 * Contracts of the reports (decision 011): the query of each report (strict: a bad filter is a
 * 400, not a silent fallback, because a report that quietly ignores a filter misleads) and the
 * rows they answer. The web's search params reuse the enums with lenient fallbacks.
 */
import { z } from 'zod';
import type { PaginationInfo } from './api.ts';
import { EVENT_STATUSES, EVENT_TYPES } from './calendar.ts';
import { TAB_VALUES } from './chat.ts';
import { boundedDate } from './dates.ts';
import { seasonSchema } from './directory.ts';
import { ROLES, USER_STATUSES } from './user.ts';

export const REPORT_NAMES = [
  'roster',
  'users',
  'participation',
  'messaging',
  'unanswered',
  'events',
  'availability',
] as const;
export const reportNameSchema = z.enum(REPORT_NAMES);
export type ReportName = z.infer<typeof reportNameSchema>;

export const REPORT_LIMITS = { defaultPageSize: 25, maxPageSize: 100, maxRangeDays: 366, activityDays: 30 } as const;

/** Messaging groups: the chat tabs (COACHES, ATHLETES, GUARDIANS). */
export const reportGroupSchema = z.enum(TAB_VALUES);
export type ReportGroup = z.infer<typeof reportGroupSchema>;

const id = z.coerce.number().int().positive();
const isoDate = boundedDate('Use the date format YYYY-MM-DD');
const paging = {
  page: z.coerce.number().int().positive().default(1),
  limit: z.coerce.number().int().positive().max(REPORT_LIMITS.maxPageSize).default(REPORT_LIMITS.defaultPageSize),
};
const organizationId = id.optional();

export const rosterReportQuerySchema = z.object({
  teamId: id.optional(),
  sportId: id.optional(),
  season: seasonSchema.optional(),
  ...paging,
  organizationId,
});
export type RosterReportQuery = z.infer<typeof rosterReportQuerySchema>;

export const usersReportQuerySchema = z.object({
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  teamId: id.optional(),
  organizationId,
});
export type UsersReportQuery = z.infer<typeof usersReportQuerySchema>;

export const participationReportQuerySchema = z.object({
  /** Teams of one school year ('2026-27'); the current one in the school's zone when left out. */
  schoolYear: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'Use a school year such as 2026-27')
    .optional(),
  sportId: id.optional(),
  season: seasonSchema.optional(),
  teamId: id.optional(),
  ...paging,
  organizationId,
});
export type ParticipationReportQuery = z.infer<typeof participationReportQuerySchema>;

const dateRange = { from: isoDate.optional(), to: isoDate.optional() };

export const messagingReportQuerySchema = z.object({
  ...dateRange,
  group: reportGroupSchema.optional(),
  organizationId,
});
export type MessagingReportQuery = z.infer<typeof messagingReportQuerySchema>;

export const unansweredReportQuerySchema = z.object({ group: reportGroupSchema.optional(), ...paging, organizationId });
export type UnansweredReportQuery = z.infer<typeof unansweredReportQuerySchema>;

export const eventsReportQuerySchema = z.object({
  ...dateRange,
  teamId: id.optional(),
  type: z.enum(EVENT_TYPES).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  organizationId,
});
export type EventsReportQuery = z.infer<typeof eventsReportQuerySchema>;

export type RosterReportRow = {
  teamId: number;
  teamName: string;
  sport: string;
  season: string;
  schoolYear: string;
  athleteId: number;
  athleteName: string;
  jerseyNumber: string | null;
  email: string;
  contactNumber: string | null;
  status: string;
  guardians: { name: string; relationship: string; email: string; contactNumber: string | null }[];
};

export type UsersReportRow = {
  role: string;
  ACTIVE: number;
  INACTIVE: number;
  SUSPENDED: number;
  DELETED: number;
  total: number;
};

export type ParticipationTeamRow = {
  teamId: number;
  teamName: string;
  sport: string;
  season: string;
  schoolYear: string;
  level: string;
  gender: string;
  status: string;
  athletes: number;
  coaches: number;
};
export type ParticipationSummaryRow = { sport: string; season: string; teams: number; athletes: number };
/**
 * Counts of a set of teams: `rosterSpots` counts an athlete once per team (participation
 * opportunities), `athletes` once in the set (unduplicated).
 */
export type ParticipationCounts = { teams: number; rosterSpots: number; athletes: number };
/** Title IX / state-association figures of the filtered teams: by team gender, by level, in all. */
export type ParticipationTotals = {
  byGender: (ParticipationCounts & { gender: string })[];
  byLevel: (ParticipationCounts & { level: string })[];
  /** Each (gender, level) pair that has a team: boys beside girls at each level. */
  byGenderLevel: (ParticipationCounts & { gender: string; level: string })[];
  total: ParticipationCounts;
};

export type MessagingDayRow = {
  day: string;
  COACHES: number;
  ATHLETES: number;
  GUARDIANS: number;
  STAFF: number;
  total: number;
};
export type FirstResponseRow = {
  group: ReportGroup;
  conversationsStarted: number;
  answered: number;
  /** Median seconds from the first unanswered message to an admin's reply; null without replies. */
  medianSeconds: number | null;
};
export type MessagingReport = {
  from: string;
  to: string;
  timezone: string;
  days: MessagingDayRow[];
  firstResponse: FirstResponseRow[];
};

export type UnansweredRow = {
  roomId: number;
  roomUuid: string;
  group: ReportGroup;
  counterpart: { id: number; name: string; role: string };
  admin: { id: number; name: string } | null;
  waitingSince: string;
  lastMessageAt: string;
  waitingMessages: number;
  waitingSeconds: number;
};

/** The unanswered list; times are shown in `timezone`, the school's. */
export type UnansweredReport = { timezone: string; result: UnansweredRow[]; paginationInfo: PaginationInfo };

export type EventsReportRow = { month: string; type: string; status: string; count: number };
export type EventsReport = { from: string; to: string; timezone: string; result: EventsReportRow[] };

/** Availability (decision 022): each team event of a range with its roster's answers. */
export const availabilityReportQuerySchema = z.object({
  ...dateRange,
  teamId: id.optional(),
  ...paging,
  organizationId,
});
export type AvailabilityReportQuery = z.infer<typeof availabilityReportQuerySchema>;

export type AvailabilityReportRow = {
  key: string;
  eventId: number;
  start: string;
  localStart: string;
  title: string;
  type: string;
  status: string;
  teamId: number;
  teamName: string;
  roster: number;
  going: number;
  maybe: number;
  notGoing: number;
  noReply: number;
};
export type AvailabilityReport = {
  from: string;
  to: string;
  timezone: string;
  result: AvailabilityReportRow[];
  paginationInfo: PaginationInfo;
};

/** Seconds as "2 h 5 min", "3 d 4 h", "45 s": report cells and CSV-friendly labels. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
