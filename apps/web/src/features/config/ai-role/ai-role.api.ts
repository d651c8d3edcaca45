import type {
  AiRoleQuery,
  MainPromptConfig,
  NewCustomerAccessConfig,
  SaveMainPromptCommand,
  SaveNewCustomerAccessCommand,
} from '@agent-console/contracts';
import { AI_ROLE_ROUTES as R } from '@agent-console/contracts/ai-role';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../platform/api/call';

const query = ({ customerId, appId }: AiRoleQuery) => ({ customerId, appId });

/**
 * The AI role of a customer's app (SPEC §7 "AI role"): two reads and the one write call. The
 * screens show load and save failures in place with a retry, so none of these toasts. The write
 * answers the saved config of its command's screen (the contract's answer is either).
 */
export const aiRoleApi = {
  mainPrompt: (target: AiRoleQuery) => call(R.mainPrompt, { query: query(target) }, { silent: true }),
  access: (target: AiRoleQuery) => call(R.access, { query: query(target) }, { silent: true }),
  saveMainPrompt: (body: Omit<SaveMainPromptCommand, 'command'>) =>
    call(R.command, { body: { command: 'saveMainPrompt', ...body } }, { silent: true }) as Promise<MainPromptConfig>,
  saveAccess: (body: Omit<SaveNewCustomerAccessCommand, 'command'>) =>
    call(
      R.command,
      { body: { command: 'saveNewCustomerAccess', ...body } },
      { silent: true },
    ) as Promise<NewCustomerAccessConfig>,
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
