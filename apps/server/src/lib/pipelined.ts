/**
 * Runs `consume` over the items in order while `prepare` works on the next one: two stages of a
 * bulk job overlap (a worker thread segments batch n + 1 while batch n is written). At most one
 * preparation runs ahead. Stops early, answering false, when `consume` answers false; a failure
 * of either stage ends the run with that failure (a preparation's failure when its item's turn
 * comes; one left behind by an earlier failure is dropped).
 */
export async function pipelined<T, P>(
  items: readonly T[],
  prepare: (item: T) => Promise<P>,
  consume: (item: T, prepared: P) => Promise<boolean | undefined>,
): Promise<boolean> {
  let ahead: Promise<P> | undefined;
  for (const [i, item] of items.entries()) {
    const prepared = await (ahead ?? prepare(item));
    const next = items[i + 1];
    ahead = next === undefined ? undefined : prepare(next);
    // Awaited on the next turn of the loop (or never, after a failure): until then its failure
    // must not be reported as unhandled, which would end the process.
    ahead?.catch(() => {});
    if ((await consume(item, prepared)) === false) return false;
  }
  return true;
}
