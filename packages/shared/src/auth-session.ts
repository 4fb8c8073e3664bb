import { z } from 'zod';

/** Auth session, SPEC §3: what the web keeps after sign-in. */
export const authSessionSchema = z.object({
  accessToken: z.string(),
  idToken: z.string().optional(),
  refreshToken: z.string().optional(),
  clockDrift: z.number(),
  username: z.string(),
  deviceMetadata: z
    .object({ deviceKey: z.string(), deviceGroupKey: z.string(), randomPassword: z.string() })
    .optional(),
  signInDetails: z.object({ loginId: z.string().optional(), authFlowType: z.string().optional() }).optional(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;
