import type {
  FollowupRobotPageQuery,
  FollowupRobotSave,
  FollowupSend,
  FollowupSendPageQuery,
  FollowupStrategyPageQuery,
  FollowupStrategySave,
  KeysetPageResult,
} from '@agent-console/contracts';
import { FOLLOWUP_ROUTES as F, FOLLOWUP_RUNTIME_ROUTES as FR } from '@agent-console/contracts/followup';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { usePageQuery, useRefreshingMutation } from './list-query';

export const followupApi = {
  strategyPage: (body: FollowupStrategyPageQuery) => call(F.strategyPage, { body }),
  saveStrategy: (body: FollowupStrategySave) => call(F.saveStrategy, { body }, { silent: true }),
  updateStrategy: (id: number, body: FollowupStrategySave) =>
    call(F.updateStrategy, { params: { id }, body }, { silent: true }),
  setStrategyEnabled: (id: number, enabled: boolean) =>
    call(F.setStrategyEnabled, { params: { id }, body: { enabled } }),
  /** The customer guards a stale screen: the server refuses when the strategy moved meanwhile. */
  removeStrategy: (id: number, customerId: number) => call(F.removeStrategy, { params: { id }, query: { customerId } }),
  strategyOptions: (customerId: number) => call(F.strategyOptions, { query: { customerId } }),
  strategySends: (body: FollowupSendPageQuery & { strategyId: number }) => call(FR.strategySends, { body }),

  robotPage: (body: FollowupRobotPageQuery) => call(F.robotPage, { body }),
  saveRobot: (body: FollowupRobotSave) => call(F.saveRobot, { body }, { silent: true }),
  updateRobot: (id: number, body: FollowupRobotSave) => call(F.updateRobot, { params: { id }, body }, { silent: true }),
  removeRobot: (id: number) => call(F.removeRobot, { params: { id } }),
  setRobotEnabled: (id: number, enabled: boolean) => call(F.setRobotEnabled, { params: { id }, body: { enabled } }),
  robotSends: (body: FollowupSendPageQuery & { robotId: number }) => call(FR.robotSends, { body }),
  dryRun: (id: number) => call(FR.dryRun, { params: { id } }),
  sweep: (id: number) => call(FR.sweep, { params: { id } }),
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
