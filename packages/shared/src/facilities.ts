/**
 * Facilities (decision 010): a school's bookable places as records. Events name one by
 * `facilityId`; conflicts compare ids. Hours are free text people read, never checked.
 */
import { z } from 'zod';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const FACILITY_LIMITS = { nameLength: 200, addressLength: 300, hoursLength: 200, maxCapacity: 1_000_000 };

export const facilitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  capacity: z.number().int().nullable(),
  hours: z.string().nullable(),
  archived: z.boolean(),
});
export type Facility = z.infer<typeof facilitySchema>;

const facilityFields = {
  name: z.string().trim().min(1, 'name is required').max(FACILITY_LIMITS.nameLength),
  address: text(FACILITY_LIMITS.addressLength),
  capacity: z
    .number()
    .int()
    .min(0)
    .max(FACILITY_LIMITS.maxCapacity)
    .nullish()
    .transform((v) => v ?? null),
  hours: text(FACILITY_LIMITS.hoursLength),
};

export const facilityInputSchema = z.object(facilityFields).strict();
export type FacilityInput = z.input<typeof facilityInputSchema>;

/** Any subset; `archived: false` brings an archived facility back. */
export const facilityUpdateSchema = z
  .object({
    name: facilityFields.name.optional(),
    address: z.string().trim().max(FACILITY_LIMITS.addressLength).nullish(),
    capacity: z.number().int().min(0).max(FACILITY_LIMITS.maxCapacity).nullish(),
    hours: z.string().trim().max(FACILITY_LIMITS.hoursLength).nullish(),
    archived: z.boolean().optional(),
  })
  .strict();
export type FacilityUpdate = z.input<typeof facilityUpdateSchema>;

export const facilityQuerySchema = z.object({
  /** true: archived ones too (the management screen); the event form lists active ones. */
  includeArchived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Strict: a mistyped school is a 400, not the SUPER_ADMIN's own school by default. */
  organizationId: z.coerce.number().int().positive().optional(),
});
