import type {
  FollowupEnabledResult,
  FollowupRobot,
  followupRobotPageQuerySchema,
  followupRobotSaveSchema,
  Language,
  PageResult,
} from '@agent-console/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { followupRobotStrategies, followupRobots, followupStrategies } from '../../../db/schema';
import { inScope, scopeCondition } from '../../../http/data-scope';
import { found, foundInScope } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { SERVER_TIME_ZONE } from '../../../lib/zoned-time';
import { accountCustomerId, accountLabelsToJoin } from '../../messaging/account/account.repo';
import { customerNameOf, customerTimeZoneOf } from '../../system/customer/customer.repo';
import { robotSentTodayOf } from './robot-ports';

type RobotInput = z.output<typeof followupRobotSaveSchema>;
type RobotRow = typeof followupRobots.$inferSelect;

/**
 * Follow-ups a robot has sent today: every planned send but those held back at send time. "Today"
 * is the customer's day, as for the daily cap the sweep applies (followup-runtime/plan.ts).
 */
function sentToday(now: Date) {
  const zone = sql`coalesce(${customerTimeZoneOf(followupRobots.customerId)}, ${SERVER_TIME_ZONE})`;
  return robotSentTodayOf()(followupRobots.id, zone, now);
}

const columns = (lang: Language, now: Date) => ({
  ...getTableColumns(followupRobots),
  customerName: customerNameOf(followupRobots.customerId, lang),
  accountName: accountLabelsToJoin.name,
  accountOnline: accountLabelsToJoin.online,
  sentToday: sentToday(now),
});

const selectRobots = (exec: Executor, lang: Language, now: Date) =>
  exec
    .select(columns(lang, now))
    .from(followupRobots)
    .innerJoin(accountLabelsToJoin, eq(accountLabelsToJoin.id, followupRobots.accountId));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectRobots>['where']>>[number];

/** Robots with their strategies in their order, read for the whole page in one query (no N+1). */
async function toRobots(exec: Executor, rows: ViewRow[]): Promise<FollowupRobot[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await exec
        .select({
          robotId: followupRobotStrategies.robotId,
          id: followupStrategies.id,
          name: followupStrategies.name,
        })
        .from(followupRobotStrategies)
        .innerJoin(followupStrategies, eq(followupStrategies.id, followupRobotStrategies.strategyId))
        .where(inArray(followupRobotStrategies.robotId, ids))
        .orderBy(asc(followupRobotStrategies.position), asc(followupStrategies.id))
    : [];
  return rows.map((row) => {
    const mine = links.filter((l) => l.robotId === row.id);
    return {
      id: row.id,
      customerId: row.customerId,
      customerName: row.customerName,
      accountId: row.accountId,
      accountName: row.accountName,
      accountOnline: Boolean(row.accountOnline),
      strategyIds: mine.map((l) => l.id),
      strategyNames: mine.map((l) => l.name),
      dailyCap: row.dailyCap,
      workStart: row.workStart,
      workEnd: row.workEnd,
      enabled: row.enabled,
      sentToday: Number(row.sentToday),
      updatedAt: row.updatedAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function pageRobots(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof followupRobotPageQuerySchema>,
  lang: Language,
  now: Date,
): Promise<PageResult<FollowupRobot>> {
  const where = and(
    scopeCondition(auth, followupRobots.customerId),
    q.customerId ? eq(followupRobots.customerId, q.customerId) : undefined,
    q.accountId ? eq(followupRobots.accountId, q.accountId) : undefined,
    q.enabled === undefined ? undefined : eq(followupRobots.enabled, q.enabled),
  );
  return sortedPage(db, q, {
    select: selectRobots(db, lang, now),
    where,
    table: followupRobots,
    sortable: {
      dailyCap: followupRobots.dailyCap,
      enabled: followupRobots.enabled,
      updatedAt: followupRobots.updatedAt,
      createdAt: followupRobots.createdAt,
    },
    fallback: [desc(followupRobots.createdAt), desc(followupRobots.id)],
    toList: (rows) => toRobots(db, rows),
  });
}

async function loadRobot(exec: Executor, auth: AuthContext, id: number): Promise<RobotRow> {
  return foundInScope(auth, exec.select().from(followupRobots).where(eq(followupRobots.id, id)));
}

async function byId(exec: Executor, id: number, lang: Language, now: Date): Promise<FollowupRobot> {
  const rows = await selectRobots(exec, lang, now).where(eq(followupRobots.id, id));
  return found(toRobots(exec, rows));
}

/**
 * The robot's account is a messaging account of a customer in the caller's scope (the robot's
 * customer is the account's), with no other robot; its strategies are that customer's. Returns
 * the customer and the strategies in the order given; throws before anything is written.
 */
async function checkRobot(exec: Executor, auth: AuthContext, input: RobotInput, exceptId?: number) {
  const accountCustomer = await accountCustomerId(exec, input.accountId);
  if (accountCustomer === undefined || !inScope(auth, accountCustomer)) {
    throw new AppError('A0404', { fields: [{ field: 'accountId', reason: 'notCustomerAccount' }] });
  }
  const [taken] = await exec
    .select({ id: followupRobots.id })
    .from(followupRobots)
    .where(
      and(
        eq(followupRobots.accountId, input.accountId),
        exceptId === undefined ? undefined : ne(followupRobots.id, exceptId),
      ),
    );
  if (taken) throw AppError.field('A0111', 'accountId', 'accountHasRobot');
  const strategyIds = [...new Set(input.strategyIds)];
  const ofCustomer = await exec
    .select({ id: followupStrategies.id })
    .from(followupStrategies)
    .where(and(inArray(followupStrategies.id, strategyIds), eq(followupStrategies.customerId, accountCustomer)));
  if (ofCustomer.length !== strategyIds.length) {
    throw new AppError('A0404', { fields: [{ field: 'strategyIds', reason: 'notCustomerStrategy' }] });
  }
  return { customerId: accountCustomer, strategyIds };
}

/** The one unique index a robot write can hit is one robot per account. */
async function guardAccount<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await guardConstraints('accountId', work);
  } catch (err) {
    if (err instanceof AppError && err.code === 'A0111') throw AppError.field('A0111', 'accountId', 'accountHasRobot');
    throw err;
  }
}

/** The columns a save writes, a create's and an update's alike. */
function savedColumns(customerId: number, input: RobotInput, auth: AuthContext) {
  return {
    customerId,
    accountId: input.accountId,
    dailyCap: input.dailyCap,
    workStart: input.workStart,
    workEnd: input.workEnd,
    enabled: input.enabled,
    updatedBy: auth.userId,
  };
}

async function writeLinks(exec: Executor, robotId: number, strategyIds: number[]) {
  await exec.delete(followupRobotStrategies).where(eq(followupRobotStrategies.robotId, robotId));
  await exec
    .insert(followupRobotStrategies)
    .values(strategyIds.map((strategyId, position) => ({ robotId, strategyId, position })));
}

export async function createRobot(
  db: Db,
  auth: AuthContext,
  input: RobotInput,
  lang: Language,
  now: Date,
): Promise<FollowupRobot> {
  return db.transaction(async (tx) => {
    const { customerId, strategyIds } = await checkRobot(tx, auth, input);
    const [row] = await guardAccount(() =>
      tx
        .insert(followupRobots)
        .values({ ...savedColumns(customerId, input, auth), createdBy: auth.userId })
        .returning({ id: followupRobots.id }),
    );
    if (!row) throw new Error('robot not inserted');
    await writeLinks(tx, row.id, strategyIds);
    return byId(tx, row.id, lang, now);
  });
}

export async function updateRobot(
  db: Db,
  auth: AuthContext,
  id: number,
  input: RobotInput,
  lang: Language,
  now: Date,
): Promise<FollowupRobot> {
  return db.transaction(async (tx) => {
    await loadRobot(tx, auth, id);
    const { customerId, strategyIds } = await checkRobot(tx, auth, input, id);
    await guardAccount(() =>
      tx
        .update(followupRobots)
        .set({ ...savedColumns(customerId, input, auth), updatedAt: new Date() })
        .where(eq(followupRobots.id, id)),
    );
    await writeLinks(tx, id, strategyIds);
    return byId(tx, id, lang, now);
  });
}

export async function setRobotEnabled(
  db: Db,
  auth: AuthContext,
  id: number,
  enabled: boolean,
): Promise<FollowupEnabledResult> {
  await loadRobot(db, auth, id);
  await db
    .update(followupRobots)
    .set({ enabled, updatedBy: auth.userId, updatedAt: new Date() })
    .where(eq(followupRobots.id, id));
  return { id, enabled };
}

/** Deletes a robot; its send log stays (the rows keep the account). */
export async function deleteRobot(db: Db, auth: AuthContext, id: number): Promise<{ affected: number }> {
  await loadRobot(db, auth, id);
  const gone = await db.delete(followupRobots).where(eq(followupRobots.id, id)).returning({ id: followupRobots.id });
  return { affected: gone.length };
}
