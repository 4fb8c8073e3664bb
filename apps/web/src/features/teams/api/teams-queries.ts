import type { PersonSummary, Sport, TeamDetail, TeamInput, TeamSummary } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { getActiveOrganization } from '../../../lib/active-organization.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const teamsKeys = {
  all: ['teams'] as const,
  list: () => ['teams', 'list', getActiveOrganization()] as const,
  detail: (id: number) => ['teams', 'detail', id] as const,
};

export const teamsQueryOptions = () =>
  queryOptions({
    queryKey: teamsKeys.list(),
    queryFn: async () => (await apiGet<{ data: TeamSummary[] }>('/teams/list-organization-teams')).data,
  });

export const teamDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: teamsKeys.detail(id),
    queryFn: async () => (await apiGet<{ data: TeamDetail }>(`/teams/${id}`)).data,
  });

export const sportsQueryOptions = () =>
  queryOptions({
    queryKey: ['sports'],
    queryFn: async () => (await apiGet<{ data: Sport[] }>('/sports')).data,
    staleTime: 10 * 60_000,
  });

export const coachesQueryOptions = () =>
  queryOptions({
    queryKey: ['coaches', getActiveOrganization()],
    queryFn: async () =>
      (await apiGet<{ data: (PersonSummary & { coachId: number; title: string | null })[] }>('/coaches')).data,
  });

export const createTeam = async (input: TeamInput) => (await apiPost<{ data: TeamSummary }>('/teams', input)).data;
export const updateTeam = async (id: number, input: Partial<TeamInput>) =>
  (await apiPatch<{ data: TeamSummary }>(`/teams/${id}`, input)).data;
export const addTeamMember = (teamId: number, userId: number, jerseyNumber?: string) =>
  apiPost(`/teams/${teamId}/members`, { userId, jerseyNumber });
export const removeTeamMember = (teamId: number, userId: number) => apiDelete(`/teams/${teamId}/members/${userId}`);
export const addTeamCoach = (teamId: number, userId: number, role: 'HEAD' | 'ASSISTANT') =>
  apiPost(`/teams/${teamId}/coaches`, { userId, role });
export const removeTeamCoach = (teamId: number, userId: number) => apiDelete(`/teams/${teamId}/coaches/${userId}`);
