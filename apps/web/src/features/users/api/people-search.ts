/** The organization-wide person search behind every picker (typeahead, paged on the server). */
import type { PagedResponse, PeopleSearchQuery, PersonPick } from '@fieldhouse/shared';
import { getActiveOrganization } from '../../../lib/active-organization.ts';
import { apiGet } from '../../../lib/api-client.ts';

export type PeopleSearch = Pick<PeopleSearchQuery, 'role' | 'search'> & { teamId?: number | undefined };

export const peopleKeys = {
  all: ['people'] as const,
  search: (query: PeopleSearch) => ['people', getActiveOrganization(), query] as const,
};

export const searchPeople = async (query: PeopleSearch, page: number) =>
  (await apiGet<PagedResponse<PersonPick>>('/people/search', { ...query, page, limit: 20 })).data;
