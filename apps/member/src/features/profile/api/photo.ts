/** PUT / DELETE /me/photo: my profile photo (decision 028); the answer is my profile. */
import type { MyProfile } from '@fieldhouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiUpload } from '../../../lib/api-client.ts';
import { profileKeys } from './profile.ts';

export function useUploadPhoto(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await apiUpload<{ data: MyProfile }>('PUT', '/me/photo', file, onProgress)).data,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.all, profile),
  });
}

export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiDelete<{ data: MyProfile }>('/me/photo')).data,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.all, profile),
  });
}
