import type { PasswordUpdate, ProfileUpdate } from '@agent-console/contracts';
import { PROFILE_ROUTES as R } from '@agent-console/contracts/system-user-profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';

export const profileApi = {
  get: (id: number) => call(R.get, { params: { id } }),
  // Form errors are shown next to the fields, so these calls don't toast on their own.
  update: (id: number, body: ProfileUpdate) => call(R.update, { params: { id }, body }, { silent: true }),
  updatePassword: (id: number, body: PasswordUpdate) =>
    call(R.updatePassword, { params: { id }, body }, { silent: true }),
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
