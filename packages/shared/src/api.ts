import { z } from 'zod';

/**
 * The error shape of SPEC §3: every failed HTTP call answers with it. `id` is a stable name of
 * the failure (decision 017) for logs and for clients that branch; optional, so older servers parse.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  id: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A successful answer: statusCode, message and the payload under data. */
export const apiResponseSchema = <T extends z.ZodType>(data: T) =>
  z.object({ statusCode: z.number().int(), message: z.string(), data });

export const paginationInfoSchema = z.object({
  isFirstPage: z.boolean(),
  isLastPage: z.boolean(),
  currentPage: z.number().int(),
  previousPage: z.number().int().nullable(),
  nextPage: z.number().int().nullable(),
  pageCount: z.number().int(),
  totalCount: z.number().int(),
});
export type PaginationInfo = z.infer<typeof paginationInfoSchema>;

/** The paged list response of SPEC §3. */
export const pagedResponseSchema = <T extends z.ZodType>(item: T) =>
  apiResponseSchema(z.object({ result: z.array(item), paginationInfo: paginationInfoSchema }));

export type PagedResponse<T> = {
  statusCode: number;
  message: string;
  data: { result: T[]; paginationInfo: PaginationInfo };
};

/** Pagination figures for page `currentPage` of `totalCount` rows, `pageSize` a page. */
export function paginationInfo(currentPage: number, pageSize: number, totalCount: number): PaginationInfo {
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    isFirstPage: currentPage <= 1,
    isLastPage: currentPage >= pageCount,
    currentPage,
    previousPage: currentPage > 1 ? currentPage - 1 : null,
    nextPage: currentPage < pageCount ? currentPage + 1 : null,
    pageCount,
    totalCount,
  };
}

/** Runtime settings the web app reads from `GET /api/config` (an explicit allow-list). */
export const webConfigSchema = z.object({
  appName: z.string(),
  publicUrl: z.string(),
  auth: z.object({
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Set for the embedded pool; absent for a real Cognito pool. */
    userPoolEndpoint: z.string().optional(),
    /** The pool's AWS region (for the embedded pool, the part of the pool id before '_'). */
    region: z.string(),
  }),
  socketPath: z.string(),
  sentryDsn: z.string().optional(),
  version: z.string(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
