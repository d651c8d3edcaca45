import type {
  AiRoleQuery,
  MainPromptConfig,
  NewCustomerAccessConfig,
  SaveMainPromptCommand,
  SaveNewCustomerAccessCommand,
} from '@agent-console/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';

const BASE = '/api/v3/ai-role';

const query = ({ customerId, appId }: AiRoleQuery) => `customerId=${customerId}&appId=${appId}`;

/**
 * The AI role of a customer's app (SPEC §7 "AI role"): two reads and the one write call. The
 * screens show load and save failures in place with a retry, so none of these toasts.
 */
export const aiRoleApi = {
  mainPrompt: (target: AiRoleQuery) =>
    api.get<MainPromptConfig>(`${BASE}/getMainPromptConfig?${query(target)}`, { silent: true }),
  access: (target: AiRoleQuery) =>
    api.get<NewCustomerAccessConfig>(`${BASE}/getNetCustomerAccessConfigValue?${query(target)}`, { silent: true }),
  saveMainPrompt: (body: Omit<SaveMainPromptCommand, 'command'>) =>
    api.post<MainPromptConfig>(`${BASE}/process-command`, { command: 'saveMainPrompt', ...body }, { silent: true }),
  saveAccess: (body: Omit<SaveNewCustomerAccessCommand, 'command'>) =>
    api.post<NewCustomerAccessConfig>(
      `${BASE}/process-command`,
      { command: 'saveNewCustomerAccess', ...body },
      { silent: true },
    ),
};

export const aiRoleKeys = {
  mainPrompt: (target: AiRoleQuery | null) => ['ai-role', 'main-prompt', target] as const,
  access: (target: AiRoleQuery | null) => ['ai-role', 'access', target] as const,
};

/** Nothing is asked until both a customer and an app are chosen. A failure is not retried by itself. */
export function useMainPrompt(target: AiRoleQuery | null) {
  return useQuery({
    queryKey: aiRoleKeys.mainPrompt(target),
    queryFn: () => aiRoleApi.mainPrompt(target as AiRoleQuery),
    enabled: !!target,
    retry: false,
  });
}

export function useNewCustomerAccess(target: AiRoleQuery | null) {
  return useQuery({
    queryKey: aiRoleKeys.access(target),
    queryFn: () => aiRoleApi.access(target as AiRoleQuery),
    enabled: !!target,
    retry: false,
  });
}

/** A save puts the saved config in place of the loaded one, so the editor starts from it. */
export function useSaveMainPrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: aiRoleApi.saveMainPrompt,
    onSuccess: (saved) =>
      client.setQueryData(aiRoleKeys.mainPrompt({ customerId: saved.customerId, appId: saved.appId }), saved),
  });
}

export function useSaveNewCustomerAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: aiRoleApi.saveAccess,
    onSuccess: (saved) =>
      client.setQueryData(aiRoleKeys.access({ customerId: saved.customerId, appId: saved.appId }), saved),
  });
}
