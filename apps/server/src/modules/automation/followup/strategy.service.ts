import type {
  FollowupEnabledResult,
  FollowupStrategy,
  FollowupStrategyOption,
  FollowupStrategySaveParsed,
  FollowupTrigger,
  followupStrategyPageQuerySchema,
  Language,
  PageResult,
} from '@agent-console/contracts';
import { FOLLOWUP_ROUTES } from '@agent-console/contracts/followup';
import { and, asc, count, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { guardConstraints } from '../../../db/constraint-errors';
import { containsPattern } from '../../../db/like';
import { followupRobotStrategies, followupStrategies } from '../../../db/schema';
import type { StoredFollowupStep } from '../../../db/schema/followup';
import { assertCustomerAssignable, scopeCondition } from '../../../http/data-scope';
import { found, foundInScope } from '../../../http/found';
import { sortedPage } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { resolveWelcomeMessages, withViewUrls } from '../../config/ai-role/welcome-files';
import { appCustomerId, appNameOf } from '../../config/app-config/app.repo';
import { customerExists, customerNameOf } from '../../system/customer/customer.repo';
import { storedObjectRows } from '../../system/oss/oss.repo';

type StrategyRow = typeof followupStrategies.$inferSelect;

// The condition is nested SQL so that its columns stay qualified in a one-table select.
const robotCount = sql<number>`(select count(*)::int from ${followupRobotStrategies}
  where ${eq(followupRobotStrategies.strategyId, followupStrategies.id)})`;
/** A strategy row with its customer's name (as shown in `lang`), its app's name and its robots. */
const columns = (lang: Language) => ({
  ...getTableColumns(followupStrategies),
  customerName: customerNameOf(followupStrategies.customerId, lang),
  appName: appNameOf(followupStrategies.appId),
  robotCount,
});

function toStrategy(row: StrategyRow & { customerName: string; appName: string | null; robotCount: number }) {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    appId: row.appId,
    appName: row.appName,
    name: row.name,
    triggerType: row.triggerType as FollowupTrigger,
    triggerValue: row.triggerValue,
    triggerLabel: row.triggerLabel,
    audienceLabels: row.audienceLabels,
    steps: withViewUrls(row.steps, FOLLOWUP_ROUTES.stepFile),
    maxSendsPerContact: row.maxSendsPerContact,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
    enabled: row.enabled,
    robotCount: Number(row.robotCount),
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  } satisfies FollowupStrategy;
}

const selectStrategies = (exec: Executor, lang: Language) => exec.select(columns(lang)).from(followupStrategies);

export async function pageStrategies(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof followupStrategyPageQuerySchema>,
  lang: Language,
): Promise<PageResult<FollowupStrategy>> {
  const where = and(
    scopeCondition(auth, followupStrategies.customerId),
    q.keyword ? ilike(followupStrategies.name, containsPattern(q.keyword)) : undefined,
    q.customerId ? eq(followupStrategies.customerId, q.customerId) : undefined,
    q.appId ? eq(followupStrategies.appId, q.appId) : undefined,
    q.enabled === undefined ? undefined : eq(followupStrategies.enabled, q.enabled),
  );
  return sortedPage(db, q, {
    select: selectStrategies(db, lang),
    where,
    table: followupStrategies,
    sortable: {
      name: followupStrategies.name,
      triggerType: followupStrategies.triggerType,
      enabled: followupStrategies.enabled,
      updatedAt: followupStrategies.updatedAt,
      createdAt: followupStrategies.createdAt,
    },
    // Newest first, and stable while a switch changes updatedAt.
    fallback: [desc(followupStrategies.createdAt), desc(followupStrategies.id)],
    toDto: toStrategy,
  });
}

/** The robot dialog's picker: every strategy in scope (of one customer when given), enabled or not. */
export async function listStrategyOptions(
  db: Db,
  auth: AuthContext,
  customerId: number | undefined,
): Promise<FollowupStrategyOption[]> {
  return db
    .select({
      id: followupStrategies.id,
      name: followupStrategies.name,
      enabled: followupStrategies.enabled,
      customerId: followupStrategies.customerId,
    })
    .from(followupStrategies)
    .where(
      and(
        scopeCondition(auth, followupStrategies.customerId),
        customerId ? eq(followupStrategies.customerId, customerId) : undefined,
      ),
    )
    .orderBy(asc(followupStrategies.name), asc(followupStrategies.id));
}

async function loadStrategy(exec: Executor, auth: AuthContext, id: number): Promise<StrategyRow> {
  return foundInScope(auth, exec.select().from(followupStrategies).where(eq(followupStrategies.id, id)));
}

async function byId(exec: Executor, id: number, lang: Language): Promise<FollowupStrategy> {
  const row = await found(selectStrategies(exec, lang).where(eq(followupStrategies.id, id)));
  return toStrategy(row);
}

/**
 * Everything a save is checked against besides its own shape (the contract did that): the app
 * belongs to the customer, the name is free within the customer, and every step's file or image
 * is one of the customer's welcome uploads of an accepted format and size. Returns the row to
 * write; throws before anything is written.
 */
async function checkedValues(exec: Executor, customerId: number, input: FollowupStrategySaveParsed, exceptId?: number) {
  // A caller whose scope is "all" may name any id; one that is nobody's is refused like one out of scope.
  if (!(await customerExists(exec, customerId))) throw AppError.field('A0312', 'customerId', 'invalidValue');
  if (input.appId) {
    if ((await appCustomerId(exec, input.appId)) !== customerId) {
      throw new AppError('A0404', { fields: [{ field: 'appId', reason: 'notCustomerApp' }] });
    }
  }
  const [clash] = await exec
    .select({ id: followupStrategies.id })
    .from(followupStrategies)
    .where(and(eq(followupStrategies.customerId, customerId), eq(followupStrategies.name, input.name)));
  if (clash && clash.id !== exceptId) throw AppError.field('A0111', 'name', 'taken');
  const messages = await resolveWelcomeMessages(exec, customerId, input.steps, 'steps');
  const steps: StoredFollowupStep[] = messages.map((m, i) => ({
    ...m,
    delayHours: i === 0 ? null : (input.steps[i]?.delayHours ?? null),
  }));
  const hasLabel = input.triggerType === 'hasLabel';
  return {
    customerId,
    appId: input.appId ?? null,
    name: input.name,
    triggerType: input.triggerType,
    // Only the value its trigger reads is kept, so a changed trigger leaves nothing stale behind.
    triggerValue: hasLabel ? null : (input.triggerValue ?? null),
    triggerLabel: hasLabel ? (input.triggerLabel ?? null) : null,
    audienceLabels: [...new Set(input.audienceLabels)],
    steps,
    maxSendsPerContact: input.maxSendsPerContact,
    quietStart: input.quietStart ?? null,
    quietEnd: input.quietEnd ?? null,
    enabled: input.enabled,
  };
}

export async function createStrategy(
  db: Db,
  auth: AuthContext,
  input: FollowupStrategySaveParsed,
  lang: Language,
): Promise<FollowupStrategy> {
  const customerId = input.customerId ?? auth.customerId;
  assertCustomerAssignable(auth, customerId);
  return db.transaction(async (tx) => {
    const values = await checkedValues(tx, customerId, input);
    const [row] = await guardConstraints('name', () =>
      tx
        .insert(followupStrategies)
        .values({ ...values, createdBy: auth.userId, updatedBy: auth.userId })
        .returning({ id: followupStrategies.id }),
    );
    if (!row) throw new Error('strategy not inserted');
    return byId(tx, row.id, lang);
  });
}

export async function updateStrategy(
  db: Db,
  auth: AuthContext,
  id: number,
  input: FollowupStrategySaveParsed,
  lang: Language,
): Promise<FollowupStrategy> {
  return db.transaction(async (tx) => {
    const strategy = await loadStrategy(tx, auth, id);
    const customerId = input.customerId ?? strategy.customerId;
    if (customerId !== strategy.customerId) {
      assertCustomerAssignable(auth, customerId);
      // Its robots are accounts of the old customer; moving it would cross customers.
      const [run] = await tx
        .select({ n: count() })
        .from(followupRobotStrategies)
        .where(eq(followupRobotStrategies.strategyId, id));
      if (run?.n) throw AppError.field('A0440', 'customerId', 'inUse');
    }
    const values = await checkedValues(tx, customerId, input, id);
    await guardConstraints('name', () =>
      tx
        .update(followupStrategies)
        .set({ ...values, updatedBy: auth.userId, updatedAt: new Date() })
        .where(eq(followupStrategies.id, id)),
    );
    return byId(tx, id, lang);
  });
}

export async function setStrategyEnabled(
  db: Db,
  auth: AuthContext,
  id: number,
  enabled: boolean,
): Promise<FollowupEnabledResult> {
  await loadStrategy(db, auth, id);
  await db
    .update(followupStrategies)
    .set({ enabled, updatedBy: auth.userId, updatedAt: new Date() })
    .where(eq(followupStrategies.id, id));
  return { id, enabled };
}

/**
 * Deletes a strategy. The robots running it stop running it (their links go with it); the send
 * log keeps its rows under the strategy's name. `customerId`, when the screen sends it, must be
 * the strategy's own: a stale screen showing it under another customer deletes nothing.
 */
export async function deleteStrategy(
  db: Db,
  auth: AuthContext,
  id: number,
  customerId: number | undefined,
): Promise<{ affected: number }> {
  const strategy = await loadStrategy(db, auth, id);
  if (customerId !== undefined && customerId !== strategy.customerId) throw AppError.notFound();
  const gone = await db
    .delete(followupStrategies)
    .where(eq(followupStrategies.id, id))
    .returning({ id: followupStrategies.id });
  return { affected: gone.length };
}

/**
 * A step's file or image the caller may view: one a strategy within the caller's scope sends.
 * Anything else, a guessed id or another screen's upload included, is A0404.
 */
export async function loadStepObject(db: Db, auth: AuthContext, objectId: number) {
  await found(
    db
      .select({ id: followupStrategies.id })
      .from(followupStrategies)
      .where(
        and(
          scopeCondition(auth, followupStrategies.customerId),
          sql`${followupStrategies.steps} @> ${JSON.stringify([{ objectId }])}::jsonb`,
        ),
      )
      .limit(1),
  );
  return found(storedObjectRows(db, objectId));
}
