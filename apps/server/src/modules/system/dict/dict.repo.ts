import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { dictEntries, dictTypes } from '../../../db/schema';

/** Other features read and write this feature's tables through these functions, never through the tables (issue 35). */

/** Whether `value` is an enabled entry of the enabled dictionary `type` (a value a form may submit). */
export async function isEnabledDictValue(exec: Executor, type: string, value: string): Promise<boolean> {
  const [entry] = await exec
    .select({ id: dictEntries.id })
    .from(dictEntries)
    .innerJoin(dictTypes, eq(dictTypes.id, dictEntries.typeId))
    .where(
      and(
        eq(dictTypes.type, type),
        eq(dictTypes.enabled, true),
        eq(dictEntries.enabled, true),
        eq(dictEntries.value, value),
      ),
    );
  return entry !== undefined;
}

/** The value of the first enabled entry (by sort, then id) of the dictionary `type`; undefined when it has none. */
export async function firstEnabledDictValue(exec: Executor, type: string): Promise<string | undefined> {
  const [entry] = await exec
    .select({ value: dictEntries.value })
    .from(dictEntries)
    .innerJoin(dictTypes, eq(dictTypes.id, dictEntries.typeId))
    .where(and(eq(dictTypes.type, type), eq(dictEntries.enabled, true)))
    .orderBy(asc(dictEntries.sort), asc(dictEntries.id))
    .limit(1);
  return entry?.value;
}
