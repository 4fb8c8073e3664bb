/**
 * The users endpoints: one query-options factory per read, keys nested under ['users'] so a
 * change invalidates every list and detail by prefix.
 */
import type {
  PagedResponse,
  PersonSummary,
  User,
  UserCreateInput,
  UserListQuery,
  UserStatus,
  UserUpdateInput,
} from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getActiveOrganization } from '../../../lib/active-organization.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

export type UserDetail = {
  user: User;
  guardians: (PersonSummary & { relationship: string })[];
  athletes: (PersonSummary & { relationship: string })[];
  account: { status: string; enabled: boolean } | null;
  statusHistory: {
    fromStatus: UserStatus | null;
    toStatus: UserStatus;
    changedBy: { id: number; name: string } | null;
    reason: string | null;
    createdAt: string;
  }[];
};

export const usersKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', getActiveOrganization(), query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: () => apiGet<PagedResponse<User>>('/user/list', { ...query, teamId: query.teamId ?? null }),
    placeholderData: keepPreviousData,
  });

export const userDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: async () => (await apiGet<{ data: UserDetail }>(`/user/${id}`)).data,
  });

/** In the school the switcher shows (a super admin's other school), not the creator's own. */
export const createUser = async (input: UserCreateInput) =>
  (
    await apiPost<{ data: { user: User } }>('/user', {
      ...input,
      organizationId: input.organizationId ?? getActiveOrganization() ?? undefined,
    })
  ).data.user;
export const updateUser = async (id: number, input: UserUpdateInput) =>
  (await apiPatch<{ data: { user: User } }>(`/user/${id}`, input)).data.user;
export const changeUserStatus = async (id: number, status: 'ACTIVE' | 'INACTIVE' | 'SUSPENDED') =>
  (await apiPatch<{ data: { user: User } }>(`/user/${id}/status`, { status })).data.user;
export const deleteUser = (id: number) => apiDelete(`/user/${id}`);
export const resendInvite = (id: number) => apiPost(`/user/${id}/resend-invite`, {});
