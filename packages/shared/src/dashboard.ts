import { z } from 'zod';

/** GET /dashboard: the home screen's figures (events, unread and audit come from their own APIs). */
export const dashboardSummarySchema = z.object({
  counts: z.object({
    athletes: z.number().int(),
    coaches: z.number().int(),
    guardians: z.number().int(),
    admins: z.number().int(),
    teams: z.number().int(),
  }),
  awaitingFirstSignIn: z.object({
    count: z.number().int(),
    people: z.array(
      z.object({
        id: z.number().int(),
        firstName: z.string(),
        lastName: z.string().nullable(),
        email: z.string(),
        role: z.string(),
        invitedAt: z.string(),
      }),
    ),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
