/**
 * What the member app (issue 18: coaches, athletes, guardians) reads about its own person: their
 * teams and their schedule with their availability answers (decisions 021, 022).
 */
import { z } from 'zod';
import { availabilityCountsSchema, availabilityStatusSchema } from './availability.ts';
import { calendarOccurrenceSchema } from './calendar.ts';
import { boundedDateTime } from './dates.ts';
import { seasonSchema, teamGenderSchema, teamLevelSchema } from './directory.ts';

export const MEMBER_ROLES = ['COACH', 'ATHLETE', 'PARENT'] as const;

const person = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() });

export const memberTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: teamLevelSchema,
  gender: teamGenderSchema,
  season: seasonSchema,
  sportName: z.string(),
  /** How the person belongs: coaches it, plays on it, or is guardian of athletes who do. */
  as: z.enum(['COACH', 'ATHLETE', 'GUARDIAN']),
  /** The athletes the person answers for on this team: themself, or their children. */
  athletes: z.array(person),
});
export type MemberTeam = z.infer<typeof memberTeamSchema>;

export const memberScheduleQuerySchema = z.object({ from: boundedDateTime, to: boundedDateTime });

export const memberAnswerSchema = z.object({
  athleteId: z.number().int(),
  status: availabilityStatusSchema.nullable(),
  note: z.string().nullable(),
});
export type MemberAnswer = z.infer<typeof memberAnswerSchema>;

export const memberScheduleSchema = z.object({
  timezone: z.string(),
  /** The person's teams' events and the school-wide ones, series expanded. */
  occurrences: z.array(calendarOccurrenceSchema),
  /** By occurrence key: the answers of the athletes the person answers for (none for a coach). */
  answers: z.record(z.string(), z.array(memberAnswerSchema)),
  /** By occurrence key, for the teams the person coaches: who is coming. */
  counts: z.record(z.string(), availabilityCountsSchema),
});
export type MemberSchedule = z.infer<typeof memberScheduleSchema>;
