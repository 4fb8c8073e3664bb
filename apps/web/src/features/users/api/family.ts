/** Edit person beyond the profile: teams, guardians and the sign-in e-mail. */
import type { GuardianLinkInput, User, UserTeamsInput } from '@fieldhouse/shared';
import { apiDelete, apiPatch, apiPost, apiPut } from '../../../lib/api-client.ts';

export const setUserTeams = async (id: number, input: UserTeamsInput) =>
  (await apiPut<{ data: { user: User } }>(`/user/${id}/teams`, input)).data.user;
export const changeUserEmail = async (id: number, email: string) =>
  (await apiPatch<{ data: { user: User } }>(`/user/${id}/email`, { email })).data.user;
export const linkGuardian = (athleteId: number, input: GuardianLinkInput) =>
  apiPost<{ data: { guardianId: number } }>(`/user/${athleteId}/guardians`, input);
export const updateGuardianLink = (athleteId: number, guardianId: number, patch: { relationship: string }) =>
  apiPatch(`/user/${athleteId}/guardians/${guardianId}`, patch);
export const unlinkGuardian = (athleteId: number, guardianId: number) =>
  apiDelete(`/user/${athleteId}/guardians/${guardianId}`);
