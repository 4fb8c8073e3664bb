/** Query keys of the reports, nested under ['reports'] and the active organization. */
import { getActiveOrganization } from '../../../lib/active-organization.ts';

export const reportsKeys = {
  all: ['reports'] as const,
  report: (name: string, query: object) => ['reports', name, getActiveOrganization(), query] as const,
};
