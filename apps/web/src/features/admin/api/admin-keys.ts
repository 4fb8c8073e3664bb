import type { AuditFilters } from './get-audit.ts';

/** The admin area's query keys, one factory: invalidate by `all` or a resource's prefix. */
export const adminKeys = {
  all: ['admin'] as const,
  audit: () => ['admin', 'audit'] as const,
  auditList: (filters: AuditFilters) => ['admin', 'audit', 'list', filters] as const,
  conversations: (query: { search: string; page: number; limit: number }) => ['admin', 'conversations', query] as const,
  system: () => ['admin', 'system'] as const,
};
