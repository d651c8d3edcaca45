import type {
  FollowupDryRun,
  FollowupEnabledResult,
  FollowupRobot,
  FollowupRobotPageQuery,
  FollowupRobotSave,
  FollowupSend,
  FollowupSendPageQuery,
  FollowupStrategy,
  FollowupStrategyOption,
  FollowupStrategyPageQuery,
  FollowupStrategySave,
  FollowupSweepResult,
  KeysetPageResult,
  PageResult,
} from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { usePageQuery, useRefreshingMutation } from './list-query';

const BASE = '/api/v3/followup';

export const followupApi = {
  strategyPage: (body: FollowupStrategyPageQuery) =>
    api.post<PageResult<FollowupStrategy>>(`${BASE}/config/page`, body),
  saveStrategy: (body: FollowupStrategySave) =>
    api.post<FollowupStrategy>(`${BASE}/config/save`, body, { silent: true }),
  updateStrategy: (id: number, body: FollowupStrategySave) =>
    api.post<FollowupStrategy>(`${BASE}/config/update/${id}`, body, { silent: true }),
  setStrategyEnabled: (id: number, enabled: boolean) =>
    api.post<FollowupEnabledResult>(`${BASE}/config/updateEnableState/${id}`, { enabled }),
  /** The customer guards a stale screen: the server refuses when the strategy moved meanwhile. */
  removeStrategy: (id: number, customerId: number) =>
    api.get<{ affected: number }>(`${BASE}/config/delete/${id}?customerId=${customerId}`),
  strategyOptions: (customerId: number) =>
    api.get<FollowupStrategyOption[]>(`${BASE}/config/options?customerId=${customerId}`),
  strategySends: (body: FollowupSendPageQuery & { strategyId: number }) =>
    api.post<KeysetPageResult<FollowupSend>>(`${BASE}/config/sendLog/page`, body),

  robotPage: (body: FollowupRobotPageQuery) => api.post<PageResult<FollowupRobot>>(`${BASE}/robot/list/page`, body),
  saveRobot: (body: FollowupRobotSave) => api.post<FollowupRobot>(`${BASE}/robot/save`, body, { silent: true }),
  updateRobot: (id: number, body: FollowupRobotSave) =>
    api.post<FollowupRobot>(`${BASE}/robot/update/${id}`, body, { silent: true }),
  removeRobot: (id: number) => api.get<{ affected: number }>(`${BASE}/robot/delete/${id}`),
  setRobotEnabled: (id: number, enabled: boolean) =>
    api.post<FollowupEnabledResult>(`${BASE}/robot/updateIsEnabled/${id}`, { enabled }),
  robotSends: (body: FollowupSendPageQuery & { robotId: number }) =>
    api.post<KeysetPageResult<FollowupSend>>(`${BASE}/robot/sendLog/page`, body),
  dryRun: (id: number) => api.get<FollowupDryRun>(`${BASE}/robot/dryRun/${id}`),
  sweep: (id: number) => api.post<FollowupSweepResult>(`${BASE}/robot/sweep/${id}`),
};

export const followupKeys = {
  all: ['followup'] as const,
  strategies: ['followup', 'strategies'] as const,
  robots: ['followup', 'robots'] as const,
  sends: ['followup', 'sends'] as const,
};

export function useStrategyPage(query: FollowupStrategyPageQuery) {
  return usePageQuery([...followupKeys.strategies, 'page'], followupApi.strategyPage, query);
}

export function useRobotPage(query: FollowupRobotPageQuery) {
  return usePageQuery([...followupKeys.robots, 'page'], followupApi.robotPage, query);
}

/** The strategies a robot of this customer may run. */
export function useStrategyOptions(customerId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...followupKeys.strategies, 'options', customerId],
    queryFn: () => followupApi.strategyOptions(customerId as number),
    enabled: enabled && !!customerId,
  });
}

/** Sends still on their way change by themselves: the log asks again meanwhile. */
const whileUnderway = (data: KeysetPageResult<FollowupSend> | undefined) =>
  data?.list.some((s) => s.status === 'queued' || s.status === 'sending') ? 1500 : false;

/** Whose sends a log shows: one strategy's (any robot) or one robot's (any of its strategies). */
export type SendLogOf = { strategyId: number } | { robotId: number };

export function useSendLog(of: SendLogOf, query: FollowupSendPageQuery) {
  const [key, page] =
    'strategyId' in of
      ? [['strategy', of.strategyId], (body: FollowupSendPageQuery) => followupApi.strategySends({ ...body, ...of })]
      : [['robot', of.robotId], (body: FollowupSendPageQuery) => followupApi.robotSends({ ...body, ...of })];
  return usePageQuery([...followupKeys.sends, ...key], page, query, whileUnderway);
}

/** Who the robot's next sweep would write to now; asked afresh each time the dry run opens. */
export function useDryRun(robotId: number | undefined) {
  return useQuery({
    queryKey: [...followupKeys.robots, 'dryRun', robotId],
    queryFn: () => followupApi.dryRun(robotId as number),
    enabled: !!robotId,
    gcTime: 0,
  });
}

/** A write of follow-up; strategies, robots (their strategy names, counts) and logs are refreshed. */
export function useFollowupMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefreshingMutation(followupKeys.all, fn);
}
