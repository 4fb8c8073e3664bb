/** GET / PATCH /me/profile and GET / PUT /me/preferences: my name, phone and notification switches. */
import type { MyProfile, NotificationPreferences, ProfileUpdateInput } from '@fieldhouse/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPatch, apiPut } from '../../../lib/api-client.ts';

export const profileKeys = {
  all: ['me', 'profile'] as const,
  preferences: () => [...profileKeys.all, 'preferences'] as const,
};

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.all,
    queryFn: async () => (await apiGet<{ data: MyProfile }>('/me/profile')).data,
  });

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.preferences(),
    queryFn: async () => (await apiGet<{ data: NotificationPreferences }>('/me/preferences')).data,
  });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) => (await apiPatch<{ data: MyProfile }>('/me/profile', input)).data,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.all, profile),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationPreferences) =>
      (await apiPut<{ data: NotificationPreferences }>('/me/preferences', input)).data,
    onSuccess: (preferences) => queryClient.setQueryData(profileKeys.preferences(), preferences),
  });
}
