/**
 * Search params of /reports/: which report and its filters. Lenient (anything invalid falls
 * back to the default) so a hand-edited URL still shows a report; the server is strict.
 */
import { EVENT_STATUSES, EVENT_TYPES, REPORT_NAMES, ROLES, TAB_VALUES, USER_STATUSES } from '@fieldhouse/shared';
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const id = z.coerce.number().int().positive();
const isoDate = z.iso.date();

export const reportSearchSchema = z.object({
  report: z.enum(REPORT_NAMES).catch('roster'),
  page: z.coerce.number().int().positive().catch(1),
  teamId: optional(id),
  sportId: optional(id),
  season: optional(z.enum(['FALL', 'WINTER', 'SPRING', 'SUMMER'])),
  schoolYear: optional(z.string().regex(/^\d{4}-\d{2}$/)),
  role: optional(z.enum(ROLES)),
  status: optional(z.enum(USER_STATUSES)),
  group: optional(z.enum(TAB_VALUES)),
  from: optional(isoDate),
  to: optional(isoDate),
  type: optional(z.enum(EVENT_TYPES)),
  eventStatus: optional(z.enum(EVENT_STATUSES)),
});
export type ReportSearch = z.infer<typeof reportSearchSchema>;
export const REPORT_PAGE_SIZE = 25;
