import type { AuditEntry, PagedResponse } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { download } from '../../../lib/download.ts';
import { adminKeys } from './admin-keys.ts';

export type AuditFilters = {
  page: number;
  limit: number;
  search: string;
  action: string | null;
  entityType: string | null;
  from: string | null;
  to: string | null;
  /** SUPER_ADMIN only: every organization instead of the active one. */
  allOrganizations: boolean;
};

const toQuery = ({ allOrganizations, ...filters }: AuditFilters) => ({
  ...filters,
  search: filters.search || null,
  // null drops the active organization the client adds to every call.
  ...(allOrganizations ? { organizationId: null } : {}),
});

export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: adminKeys.auditList(filters),
    queryFn: () => apiGet<PagedResponse<AuditEntry>>('/audit', toQuery(filters)),
    placeholderData: keepPreviousData,
  });

export const downloadAuditCsv = (filters: AuditFilters) =>
  download('/audit.csv', toQuery(filters), `audit-${new Date().toISOString().slice(0, 10)}.csv`);
