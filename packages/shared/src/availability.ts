/**
 * Availability (decision 022): an athlete's answer to "are you coming?" for a team event, one
 * occurrence of a series, or a whole series. The athlete answers, or one of their guardians for
 * them; the team's coaches and the school's staff read every answer.
 */
import { z } from 'zod';
import { boundedDateTime } from './dates.ts';

export const AVAILABILITY_STATUSES = ['GOING', 'MAYBE', 'NOT_GOING'] as const;
export const availabilityStatusSchema = z.enum(AVAILABILITY_STATUSES);
export type AvailabilityStatus = z.infer<typeof availabilityStatusSchema>;

export const AVAILABILITY_LABELS: Record<AvailabilityStatus | 'NO_REPLY', string> = {
  GOING: 'Going',
  MAYBE: 'Maybe',
  NOT_GOING: 'Not going',
  NO_REPLY: 'No reply',
};

export const AVAILABILITY_NOTE_MAX = 280;

/** What an answer on a series date covers (decision 022). */
export const AVAILABILITY_SCOPES = ['event', 'series'] as const;
export type AvailabilityScope = (typeof AVAILABILITY_SCOPES)[number];

/** Which occurrence is meant: a series occurrence by its original start; absent for one event. */
export const availabilityQuerySchema = z.object({
  occurrenceStart: boundedDateTime.optional(),
});

export const availabilityReplySchema = z
  .object({
    status: availabilityStatusSchema,
    note: z.string().trim().max(AVAILABILITY_NOTE_MAX).nullish(),
    /** The occurrence answered; absent on a series: the answer holds for every date without its own. */
    occurrenceStart: boundedDateTime.optional(),
    /** Whose answer: an athlete answers for themself; a guardian names their child. */
    athleteId: z.number().int().positive().optional(),
    /**
     * 'series' (a series date only, else 400 `not_a_series`): this date and every later date of
     * the series still ahead and not cancelled get the answer; earlier dates keep theirs.
     * Absent or 'event': the one date (or, with no date on a series, the whole series) as before.
     */
    scope: z.enum(AVAILABILITY_SCOPES).optional(),
  })
  .strict();
export type AvailabilityReply = z.input<typeof availabilityReplySchema>;

const person = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() });

export const availabilityEntrySchema = z.object({
  athlete: person,
  status: availabilityStatusSchema.nullable(),
  note: z.string().nullable(),
  /** Who answered (the athlete or a guardian); null with no answer. */
  repliedBy: person.nullable(),
  repliedAt: z.string().nullable(),
  /** Whether the answer was given for the whole series rather than this date. */
  forSeries: z.boolean(),
});
export type AvailabilityEntry = z.infer<typeof availabilityEntrySchema>;

export const availabilityCountsSchema = z.object({
  going: z.number().int(),
  maybe: z.number().int(),
  notGoing: z.number().int(),
  noReply: z.number().int(),
});
export type AvailabilityCounts = z.infer<typeof availabilityCountsSchema>;

/** "12 going · 2 not going · 3 no reply": the short form a list row carries. */
export function availabilityText(counts: AvailabilityCounts) {
  const parts: [number, string][] = [
    [counts.going, AVAILABILITY_LABELS.GOING],
    [counts.maybe, AVAILABILITY_LABELS.MAYBE],
    [counts.notGoing, AVAILABILITY_LABELS.NOT_GOING],
    [counts.noReply, AVAILABILITY_LABELS.NO_REPLY],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, label]) => `${n} ${label.toLowerCase()}`)
    .join(' · ');
}

export const availabilitySchema = z.object({
  eventId: z.number().int(),
  occurrenceStart: z.string().nullable(),
  counts: availabilityCountsSchema,
  /** Staff and the team's coaches: the whole roster; an athlete or guardian: only their own. */
  entries: z.array(availabilityEntrySchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** The counts of many occurrences at once (team page, calendar), by occurrence key. */
export const availabilitySummaryQuerySchema = z.object({
  teamId: z.coerce.number().int().positive(),
  from: boundedDateTime,
  to: boundedDateTime,
});
export const availabilitySummarySchema = z.record(z.string(), availabilityCountsSchema);
export type AvailabilitySummary = z.infer<typeof availabilitySummarySchema>;
