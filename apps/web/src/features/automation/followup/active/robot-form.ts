import type { FollowupRobot, FollowupRobotSave } from '@agent-console/contracts';

/** What the robot dialog's form holds: the customer only narrows the pickers (the account decides). */
export interface RobotValues {
  customerId?: number;
  accountId?: number;
  strategyIds: number[];
  dailyCap: number;
  workStart?: string | null;
  workEnd?: string | null;
  enabled: boolean;
}

export function newRobot(customerId: number | undefined): Partial<RobotValues> {
  return {
    ...(customerId ? { customerId } : {}),
    strategyIds: [],
    dailyCap: 50,
    workStart: '09:00',
    workEnd: '21:00',
    enabled: false,
  };
}

export function robotValuesFrom(r: FollowupRobot): RobotValues {
  return {
    customerId: r.customerId,
    accountId: r.accountId,
    strategyIds: r.strategyIds,
    dailyCap: r.dailyCap,
    workStart: r.workStart,
    workEnd: r.workEnd,
    enabled: r.enabled,
  };
}

/** The save body: exactly what the server checks (fields left empty go as such, to be named). */
export function toRobotSave(v: RobotValues): FollowupRobotSave {
  return {
    accountId: v.accountId as number,
    strategyIds: v.strategyIds ?? [],
    dailyCap: v.dailyCap,
    workStart: v.workStart ?? '',
    workEnd: v.workEnd ?? '',
    enabled: v.enabled,
  };
}
