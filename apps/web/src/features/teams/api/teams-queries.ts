import type { PersonSummary, TeamDetail, TeamInput, TeamSummary } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { getActiveOrganization } from '../../../lib/active-organization.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const teamsKeys = {
  all: ['teams'] as const,
  list: () => ['teams', 'list', getActiveOrganization()] as const,
  detail: (id: number) => ['teams', 'detail', id] as const,
  /** Coaches are team staff: any team change may add one, so they refresh with the teams. */
  coaches: () => ['teams', 'coaches', getActiveOrganization()] as const,
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

export const coachesQueryOptions = () =>
  queryOptions({
    queryKey: teamsKeys.coaches(),
    queryFn: async () =>
      (await apiGet<{ data: (PersonSummary & { coachId: number | null; title: string | null })[] }>('/coaches')).data,
  });

/** In the school the switcher shows (a super admin's other school), not the creator's own. */
export const createTeam = async (input: TeamInput) =>
  (
    await apiPost<{ data: TeamSummary }>('/teams', {
      ...input,
      organizationId: input.organizationId ?? getActiveOrganization() ?? undefined,
    })
  ).data;
export const updateTeam = async (id: number, input: Partial<TeamInput>) =>
  (await apiPatch<{ data: TeamSummary }>(`/teams/${id}`, input)).data;
export const addTeamMember = (teamId: number, userId: number, jerseyNumber?: string) =>
  apiPost(`/teams/${teamId}/members`, { userId, jerseyNumber });
export const removeTeamMember = (teamId: number, userId: number) => apiDelete(`/teams/${teamId}/members/${userId}`);
/** Several athletes at once from the picker; those already on the roster are left as they are. */
export const addTeamMembers = (teamId: number, userIds: number[]) =>
  apiPost<{ message: string; data: { added: number; alreadyOnTeam: number } }>(`/teams/${teamId}/members/batch`, {
    userIds,
  });
/** Puts a removed athlete back as they were (the undo of a removal). */
export const restoreTeamMember = (
  teamId: number,
  member: { id: number; jerseyNumber: string | null; position: string | null },
) =>
  apiPost(`/teams/${teamId}/members`, {
    userId: member.id,
    jerseyNumber: member.jerseyNumber ?? undefined,
    position: member.position ?? undefined,
  });
export type MemberPatchResult = {
  message: string;
  data: { jerseyNumber: string | null; position: string | null; sameNumber: { id: number; name: string }[] };
};
export const patchTeamMember = (
  teamId: number,
  userId: number,
  patch: { jerseyNumber?: string | null; position?: string | null },
) => apiPatch<MemberPatchResult>(`/teams/${teamId}/members/${userId}`, patch);
export const addTeamCoaches = (teamId: number, userIds: number[]) =>
  apiPost<{ message: string; data: { added: number; alreadyOnTeam: number } }>(`/teams/${teamId}/coaches/batch`, {
    userIds,
  });
export const addTeamCoach = (teamId: number, userId: number, role: 'HEAD' | 'ASSISTANT') =>
  apiPost(`/teams/${teamId}/coaches`, { userId, role });
export const removeTeamCoach = (teamId: number, userId: number) => apiDelete(`/teams/${teamId}/coaches/${userId}`);
