import type { PasswordUpdate, ProfileUpdate, UserProfile } from '@agent-console/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';

export const profileApi = {
  get: (id: number) => api.get<UserProfile>(`/api/v3/system/user/info/${id}`),
  // Form errors are shown next to the fields, so these calls don't toast on their own.
  update: (id: number, body: ProfileUpdate) =>
    api.post<UserProfile>(`/api/v3/system/user/info/update/${id}`, body, { silent: true }),
  updatePassword: (id: number, body: PasswordUpdate) =>
    api.post<null>(`/api/v3/system/user/password/update/${id}`, body, { silent: true }),
};

export const profileKeys = { one: (id: number) => ['profile', id] as const };

export function useProfile(id: number | undefined) {
  return useQuery({
    queryKey: profileKeys.one(id ?? 0),
    queryFn: () => profileApi.get(id ?? 0),
    enabled: id !== undefined,
  });
}

export function useUpdateProfile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => profileApi.update(id, body),
    onSuccess: (profile) => client.setQueryData(profileKeys.one(id), profile),
  });
}

export function useUpdatePassword(id: number) {
  return useMutation({ mutationFn: (body: PasswordUpdate) => profileApi.updatePassword(id, body) });
}
