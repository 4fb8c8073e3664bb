import { AUTH } from '@fieldhouse/shared';
import { z } from 'zod';

/**
 * `redirect` search param (SPEC §2, default '/'). Only same-origin paths pass: anything that
 * could leave the site (`//evil`, `https://…`, `/\evil`) falls back to the default.
 */
export const safeRedirect = z
  .string()
  .refine((v) => v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\') && ![...v].some((c) => c < ' '))
  .catch(AUTH.defaultRedirect);

export const redirectSearchSchema = z.object({ redirect: safeRedirect.default(AUTH.defaultRedirect) });
