/**
 * Calendar contracts (decision 010). Times travel as wall-clock strings in the organization's
 * zone (`YYYY-MM-DDTHH:mm`) next to UTC instants, so every viewer sees the school's times.
 */
import { z } from 'zod';
import { boundedDateTime, hasSensibleYear } from './dates.ts';
import { type ImportField, importRowSchema, MAX_IMPORT_ROWS } from './import-columns.ts';
import { parseWall } from './time-zone.ts';

export const EVENT_TYPES = ['GAME', 'PRACTICE', 'MEETING', 'TOURNAMENT', 'OTHER'] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  GAME: 'Game',
  PRACTICE: 'Practice',
  MEETING: 'Meeting',
  TOURNAMENT: 'Tournament',
  OTHER: 'Other',
};

export const EVENT_STATUSES = ['SCHEDULED', 'POSTPONED', 'CANCELLED'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const HOME_AWAY = ['HOME', 'AWAY', 'NEUTRAL'] as const;
export const homeAwaySchema = z.enum(HOME_AWAY);
export type HomeAway = z.infer<typeof homeAwaySchema>;

/** RFC 5545 weekday codes, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const weekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof weekdaySchema>;

export const EDIT_SCOPES = ['occurrence', 'following', 'series'] as const;
export const editScopeSchema = z.enum(EDIT_SCOPES);
export type EditScope = z.infer<typeof editScopeSchema>;

/** Longest event and longest series the API accepts (guards against runaway expansions). */
export const CALENDAR_LIMITS = {
  maxEventDays: 31,
  maxSeriesDays: 400,
  maxRangeDays: 120,
  maxImportRows: MAX_IMPORT_ROWS,
  titleLength: 200,
} as const;

const wallString = (field: string) =>
  z
    .string()
    .trim()
    .refine((v) => parseWall(v) !== undefined, `${field} must be a date YYYY-MM-DD or date and time YYYY-MM-DDTHH:mm`)
    .refine(hasSensibleYear, `${field} must be between 1900 and 2100`);
const dateString = (field: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseWall(v) !== undefined, `${field} must be a date YYYY-MM-DD`)
    .refine(hasSensibleYear, `${field} must be between 1900 and 2100`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const RECURRENCE_FREQUENCIES = ['WEEKLY', 'MONTHLY'] as const;
/** Which week of the month a monthly-by-weekday rule takes (RFC 5545 BYDAY=1MO … -1FR). */
export const MONTH_WEEKS = [1, 2, 3, 4, -1] as const;

/**
 * Repetition until a date (inclusive), every `interval` weeks or months. No `freq` means WEEKLY
 * (rules stored and API bodies from before monthly repetition):
 * - WEEKLY: on the weekdays in `byDay`;
 * - MONTHLY on a day: `byMonthDay` (months without that day are skipped, as RFC 5545 does);
 * - MONTHLY on a weekday: one weekday in `byDay` and `nth` (1–4, or -1 for the last).
 */
export const recurrenceSchema = z
  .object({
    freq: z.enum(RECURRENCE_FREQUENCIES).optional(),
    byDay: z.array(weekdaySchema).default([]),
    byMonthDay: z.number().int().min(1).max(31).optional(),
    nth: z
      .number()
      .int()
      .refine((v) => (MONTH_WEEKS as readonly number[]).includes(v), 'repeat.nth must be 1, 2, 3, 4 or -1')
      .optional(),
    until: dateString('repeat.until'),
    interval: z.number().int().min(1).max(12).default(1),
  })
  .superRefine((rule, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (rule.freq !== 'MONTHLY') {
      if (rule.byDay.length === 0) issue('byDay', 'repeat: choose at least one weekday');
      if (rule.byMonthDay !== undefined || rule.nth !== undefined) issue('freq', 'repeat: day of month needs MONTHLY');
      if (rule.interval > 4) issue('interval', 'repeat: every 1 to 4 weeks');
      return;
    }
    const onWeekday = rule.nth !== undefined;
    if (onWeekday === (rule.byMonthDay !== undefined)) {
      issue('freq', 'repeat: monthly repeats on a day of the month or on a weekday of the month');
    } else if (onWeekday && rule.byDay.length !== 1) {
      issue('byDay', 'repeat: monthly on a weekday takes one weekday');
    } else if (!onWeekday && rule.byDay.length) {
      issue('byDay', 'repeat: monthly on a day takes no weekdays');
    }
  });
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** RFC weekday of a `YYYY-MM-DD`. */
export const weekdayOfDate = (date: string): Weekday =>
  WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] as Weekday;

/**
 * Which week of its month a date is in, as a monthly rule names it: 1–4, or -1 ("last") after the
 * 28th, or in the month's last 7 days when `preferLast` (a fourth Monday may also be the last).
 */
export function monthWeekOf(date: string, preferLast = true) {
  const day = Number(date.slice(8, 10));
  const daysInMonth = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();
  return day > 28 || (preferLast && day > daysInMonth - 7) ? -1 : Math.ceil(day / 7);
}

const ORDINALS: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };
export const ordinalName = (nth: number) => ORDINALS[nth] ?? String(nth);

/** "every Mon, Wed", "every 2 weeks on Tue", "monthly on day 15", "every 3 months on the last Fri". */
export function repeatPhrase(rule: Recurrence, dayNames: Record<Weekday, string>) {
  const interval = rule.interval ?? 1;
  if (rule.freq === 'MONTHLY') {
    const on =
      rule.byMonthDay !== undefined
        ? `day ${rule.byMonthDay}`
        : `the ${ordinalName(rule.nth ?? 1)} ${rule.byDay[0] ? dayNames[rule.byDay[0]] : ''}`;
    return interval > 1 ? `every ${interval} months on ${on}` : `monthly on ${on}`;
  }
  const days = [...rule.byDay].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).map((d) => dayNames[d]);
  return `every ${interval > 1 ? `${interval} weeks on ` : ''}${days.join(', ')}`;
}

const eventFields = {
  type: eventTypeSchema,
  title: z.string().trim().min(1, 'title is required').max(CALENDAR_LIMITS.titleLength),
  /** null or absent: the whole organization. */
  teamId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  opponent: optionalText(200),
  homeAway: homeAwaySchema.nullish().transform((v) => v ?? null),
  allDay: z.boolean().default(false),
  /** Wall time in the organization's zone; for all-day events the date (time ignored). */
  start: wallString('start'),
  /** For all-day events the last day, inclusive. */
  end: wallString('end'),
  location: optionalText(300),
  /** The facility record; wins over `facility`. */
  facilityId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  /** A facility by name (older clients, CSV): matched case-insensitively, created if new. */
  facility: optionalText(200),
  transportation: optionalText(500),
  notes: optionalText(4000),
  status: eventStatusSchema.default('SCHEDULED'),
};

/** start before end (all-day: end on or after start), and games name their opponent. */
export function checkEventShape(
  value: { type?: EventType; opponent?: string | null; allDay?: boolean; start?: string; end?: string },
  ctx: z.RefinementCtx,
) {
  if (value.type === 'GAME' && value.opponent === null) {
    ctx.addIssue({ code: 'custom', path: ['opponent'], message: 'opponent is required for a game' });
  }
  if (value.start && value.end) {
    const start = value.allDay ? value.start.slice(0, 10) : normalizeWall(value.start);
    const end = value.allDay ? value.end.slice(0, 10) : normalizeWall(value.end);
    if (value.allDay ? end < start : end <= start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be after start' });
    }
  }
}

/** `YYYY-MM-DD` → `YYYY-MM-DDT00:00`; `YYYY-MM-DDTHH:mm:ss` → `YYYY-MM-DDTHH:mm`. */
export function normalizeWall(text: string) {
  const t = text.trim().replace(' ', 'T');
  return t.length === 10 ? `${t}T00:00` : t.slice(0, 16);
}

export const eventInputSchema = z
  .object({
    ...eventFields,
    repeat: recurrenceSchema.nullish().transform((v) => v ?? null),
    confirmConflicts: z.boolean().default(false),
    organizationId: z.number().int().positive().optional(),
  })
  .superRefine(checkEventShape);
export type EventInput = z.input<typeof eventInputSchema>;

export const eventUpdateSchema = z
  .object({
    type: eventTypeSchema.optional(),
    title: eventFields.title.optional(),
    /** 0 (or null) makes the event organization-wide; clients that drop nulls send 0. */
    teamId: z.number().int().nonnegative().nullish(),
    opponent: z.string().trim().max(200).nullish(),
    homeAway: homeAwaySchema.nullish(),
    allDay: z.boolean().optional(),
    start: wallString('start').optional(),
    end: wallString('end').optional(),
    location: z.string().trim().max(300).nullish(),
    /** 0 (or null) clears the facility; wins over `facility`. */
    facilityId: z.number().int().nonnegative().nullish(),
    facility: z.string().trim().max(200).nullish(),
    transportation: z.string().trim().max(500).nullish(),
    notes: z.string().trim().max(4000).nullish(),
    status: eventStatusSchema.optional(),
    /** Replaces the series' repetition (series scope only); null ends repetition. */
    repeat: recurrenceSchema.nullish(),
    scope: editScopeSchema.default('series'),
    /** The occurrence acted on, for a recurring event: its original start (ISO instant). */
    occurrenceStart: boundedDateTime.optional(),
    confirmConflicts: z.boolean().default(false),
  })
  .strict();
export type EventUpdate = z.input<typeof eventUpdateSchema>;

export const eventStatusChangeSchema = z.object({
  status: eventStatusSchema,
  scope: editScopeSchema.default('series'),
  occurrenceStart: boundedDateTime.optional(),
});
export type EventStatusChange = z.input<typeof eventStatusChangeSchema>;

export const eventDeleteQuerySchema = z.object({
  scope: editScopeSchema.default('series'),
  occurrenceStart: boundedDateTime.optional(),
});

const csvList = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), item])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

export const calendarQuerySchema = z.object({
  from: boundedDateTime,
  to: boundedDateTime,
  teamId: z.coerce.number().int().positive().optional(),
  sportId: z.coerce.number().int().positive().optional(),
  /** Only this facility's events. */
  facilityId: z.coerce.number().int().positive().optional(),
  type: csvList(eventTypeSchema),
  status: csvList(eventStatusSchema),
  organizationId: z.coerce.number().int().positive().optional().catch(undefined),
});
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/** One occurrence as the list returns it: a single event, or one date of a series. */
export const calendarOccurrenceSchema = z.object({
  /** Unique in a list: `<eventId>` or `<seriesId>@<occurrenceStart>`. */
  key: z.string(),
  /** The row to edit: the event, the series, or the occurrence's own exception row. */
  eventId: z.number().int(),
  uuid: z.string(),
  seriesId: z.number().int().nullable(),
  /** The original start of a series occurrence (ISO), the id of an occurrence in scopes. */
  occurrenceStart: z.string().nullable(),
  isException: z.boolean(),
  type: eventTypeSchema,
  title: z.string(),
  team: z
    .object({ id: z.number().int(), name: z.string(), sportId: z.number().int(), sportName: z.string() })
    .nullable(),
  opponent: z.string().nullable(),
  homeAway: homeAwaySchema.nullable(),
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  /** Wall times in the organization's zone; for all-day events end is exclusive (next day). */
  localStart: z.string(),
  localEnd: z.string(),
  location: z.string().nullable(),
  facilityId: z.number().int().nullable(),
  /** The facility's name (kept in step with the record). */
  facility: z.string().nullable(),
  transportation: z.string().nullable(),
  notes: z.string().nullable(),
  status: eventStatusSchema,
  repeat: recurrenceSchema.nullable(),
  sequence: z.number().int(),
  updatedAt: z.string(),
});
export type CalendarOccurrence = z.infer<typeof calendarOccurrenceSchema>;

export const calendarListSchema = z.object({
  timezone: z.string(),
  occurrences: z.array(calendarOccurrenceSchema),
});
export type CalendarList = z.infer<typeof calendarListSchema>;

export const CONFLICT_REASONS = ['FACILITY', 'TEAM'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];
export const calendarConflictSchema = z.object({
  reason: z.enum(CONFLICT_REASONS),
  occurrence: calendarOccurrenceSchema,
});
export type CalendarConflict = z.infer<typeof calendarConflictSchema>;

export const conflictQuerySchema = z.object({
  start: wallString('start'),
  end: wallString('end'),
  allDay: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  facilityId: z.coerce.number().int().positive().optional(),
  /** A facility by name (older clients); ignored when facilityId is given. */
  facility: z.string().trim().max(200).optional(),
  teamId: z.coerce.number().int().positive().optional(),
  /** The event being edited (its own occurrences never conflict with it). */
  excludeId: z.coerce.number().int().positive().optional(),
  /** With repeatDays (e.g. MO,WE) and repeatUntil, every occurrence of a planned series is checked. */
  repeatDays: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
    .pipe(z.array(weekdaySchema).optional()),
  repeatUntil: dateString('repeatUntil').optional(),
  /** A planned monthly series: MONTHLY with repeatMonthDay, or with one repeatDays and repeatNth. */
  repeatFreq: z.enum(RECURRENCE_FREQUENCIES).optional(),
  repeatMonthDay: z.coerce.number().int().min(1).max(31).optional(),
  repeatNth: z.coerce.number().int().min(-1).max(4).optional(),
  repeatInterval: z.coerce.number().int().min(1).max(12).optional(),
  organizationId: z.coerce.number().int().positive().optional().catch(undefined),
});
export type ConflictQuery = z.input<typeof conflictQuerySchema>;

export const calendarFeedSchema = z.object({
  scope: z.enum(['ORGANIZATION', 'TEAM']),
  teamId: z.number().int().nullable(),
  name: z.string(),
  /** Path under the site origin: `/api/calendar/feeds/<token>.ics`. */
  path: z.string(),
  rotatedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const feedRotateSchema = z.object({
  /** Absent or null: the organization's feed. */
  teamId: z.number().int().positive().nullish(),
  organizationId: z.number().int().positive().optional(),
});

/** The columns of the schedule CSV (import and export). */
export const CALENDAR_CSV_COLUMNS = [
  'date',
  'startTime',
  'endTime',
  'allDay',
  'type',
  'title',
  'team',
  'opponent',
  'homeAway',
  'location',
  'facility',
  'transportation',
  'notes',
  'status',
] as const;

/** The schedule import's fields and the headers league schedules use for them (mapping step). */
export const CALENDAR_IMPORT_FIELDS = [
  { key: 'date', label: 'Date', required: true, aliases: ['event date', 'game date', 'day', 'start date'] },
  { key: 'startTime', label: 'Start time', aliases: ['start', 'time', 'begin', 'begins', 'game time', 'start at'] },
  { key: 'endTime', label: 'End time', aliases: ['end', 'ends', 'finish', 'end at'] },
  { key: 'allDay', label: 'All day', aliases: ['all day event', 'all-day', 'end date'] },
  { key: 'type', label: 'Type', required: true, aliases: ['event type', 'kind', 'category'] },
  { key: 'title', label: 'Title', aliases: ['event', 'name', 'event name', 'subject', 'summary'] },
  { key: 'team', label: 'Team', aliases: ['teams', 'team name', 'squad', 'level'] },
  { key: 'opponent', label: 'Opponent', aliases: ['vs', 'versus', 'against', 'opposing team', 'opponents'] },
  { key: 'homeAway', label: 'Home or away', aliases: ['home/away', 'home away', 'h/a', 'site', 'home or away'] },
  { key: 'location', label: 'Location', aliases: ['where', 'venue', 'address', 'place'] },
  { key: 'facility', label: 'Facility', aliases: ['field', 'gym', 'court', 'room'] },
  {
    key: 'transportation',
    label: 'Transportation',
    aliases: ['bus', 'bus time', 'departure', 'depart', 'transport'],
  },
  { key: 'notes', label: 'Notes', aliases: ['comments', 'comment', 'details', 'description'] },
  { key: 'status', label: 'Status', aliases: ['event status'] },
] as const satisfies readonly ImportField<(typeof CALENDAR_CSV_COLUMNS)[number]>[];

const calendarCell = z.string().max(2000, 'A cell has at most 2000 characters').optional();
export const calendarRowValuesSchema = z
  .object(
    Object.fromEntries(CALENDAR_CSV_COLUMNS.map((key) => [key, calendarCell])) as Record<
      (typeof CALENDAR_CSV_COLUMNS)[number],
      typeof calendarCell
    >,
  )
  .strict();
export type CalendarRowValues = z.infer<typeof calendarRowValuesSchema>;

export const IMPORT_CONFLICT_CHOICES = ['import', 'skip'] as const;
export type ImportConflictChoice = (typeof IMPORT_CONFLICT_CHOICES)[number];

/** `POST /calendar/import/rows`: mapped rows; a check reports every error, an import writes the valid rows. */
export const calendarImportRowsSchema = z
  .object({
    rows: z
      .array(importRowSchema(calendarRowValuesSchema))
      .min(1, 'Send at least one row')
      .max(CALENDAR_LIMITS.maxImportRows),
    dryRun: z.boolean(),
    /** Rows that double-book (decision 010): written anyway, or left out and reported as skipped. */
    onConflict: z.enum(IMPORT_CONFLICT_CHOICES).default('import'),
  })
  .strict();
export type CalendarImportRowsInput = z.infer<typeof calendarImportRowsSchema>;

export const calendarImportResultSchema = z.object({
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      title: z.string(),
      date: z.string(),
      team: z.string(),
      errors: z.array(z.string()),
      /** Double-bookings with existing events or other rows of the file, in words; the row is still valid. */
      conflicts: z.array(z.string()),
    }),
  ),
  created: z.number().int(),
  /** Conflicting rows left out because the import asked to skip them. */
  skipped: z.number().int(),
});
export type CalendarImportResult = z.infer<typeof calendarImportResultSchema>;
