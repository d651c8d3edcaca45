import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { followupRobotStrategies, followupRobots, followupStrategies } from '../../../db/schema';
import { runtimeAccountsToJoin } from '../../messaging/account/account.repo';
import { customerTimeZoneOf } from '../../system/customer/customer.repo';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** A follow-up robot's row. */
export type FollowupRobotRow = typeof followupRobots.$inferSelect;
/** A follow-up strategy's row. */
export type FollowupStrategyRow = typeof followupStrategies.$inferSelect;

/** The customer a strategy belongs to (undefined when there is no such strategy). */
export async function strategyCustomerId(exec: Executor, strategyId: number): Promise<number | undefined> {
  const [row] = await exec
    .select({ customerId: followupStrategies.customerId })
    .from(followupStrategies)
    .where(eq(followupStrategies.id, strategyId));
  return row?.customerId;
}

/** The customer a robot belongs to (undefined when there is no such robot). */
export async function robotCustomerId(exec: Executor, robotId: number): Promise<number | undefined> {
  const [row] = await exec
    .select({ customerId: followupRobots.customerId })
    .from(followupRobots)
    .where(eq(followupRobots.id, robotId));
  return row?.customerId;
}

/** The ids of the enabled robots, in id order (what the minute sweep goes through). */
export async function enabledRobotIds(exec: Executor): Promise<number[]> {
  const rows = await exec
    .select({ id: followupRobots.id })
    .from(followupRobots)
    .where(eq(followupRobots.enabled, true))
    .orderBy(followupRobots.id);
  return rows.map((r) => r.id);
}

/**
 * A robot with its account (as the runtime reads it) and its customer's time zone (null: the
 * server's), in one query; `lock` takes the robot's row for update (run in the caller's transaction).
 */
export async function robotWithAccount(
  tx: Executor,
  robotId: number,
  lock: boolean,
): Promise<
  | {
      robot: FollowupRobotRow;
      account: { id: number; customerId: number; wcId: string; loginStatus: string; appId: number | null };
      timeZone: string | null;
    }
  | undefined
> {
  const account = runtimeAccountsToJoin;
  const query = tx
    .select({
      robot: followupRobots,
      account: {
        id: account.id,
        customerId: account.customerId,
        wcId: account.wcId,
        loginStatus: account.loginStatus,
        appId: account.appId,
      },
      timeZone: customerTimeZoneOf(followupRobots.customerId),
    })
    .from(followupRobots)
    .innerJoin(account, eq(account.id, followupRobots.accountId))
    .where(eq(followupRobots.id, robotId));
  const [row] = lock ? await query.for('update', { of: followupRobots }) : await query;
  return row;
}

/**
 * The enabled strategies a robot runs on an account serving `appId` (those of no app or of that
 * app), in the robot's order.
 */
export async function enabledStrategiesOfRobot(
  exec: Executor,
  robotId: number,
  appId: number | null,
): Promise<FollowupStrategyRow[]> {
  const rows = await exec
    .select({ strategy: followupStrategies })
    .from(followupRobotStrategies)
    .innerJoin(followupStrategies, eq(followupStrategies.id, followupRobotStrategies.strategyId))
    .where(
      and(
        eq(followupRobotStrategies.robotId, robotId),
        eq(followupStrategies.enabled, true),
        sql`(${followupStrategies.appId} is null or ${followupStrategies.appId} is not distinct from ${appId})`,
      ),
    )
    .orderBy(asc(followupRobotStrategies.position), asc(followupStrategies.id));
  return rows.map((r) => r.strategy);
}

/** Whether the strategy `idColumn` names is enabled (null when there is none), as a correlated subquery. */
export function strategyEnabledOf(idColumn: AnyColumn): SQL<boolean | null> {
  return sql<
    boolean | null
  >`(select ${sql`${followupStrategies.enabled}`} from ${followupStrategies} where ${eq(followupStrategies.id, idColumn)})`;
}

/** Whether the robot `idColumn` names is enabled (null when there is none), as a correlated subquery. */
export function robotEnabledOf(idColumn: AnyColumn): SQL<boolean | null> {
  return sql<
    boolean | null
  >`(select ${sql`${followupRobots.enabled}`} from ${followupRobots} where ${eq(followupRobots.id, idColumn)})`;
}
