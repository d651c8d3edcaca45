/**
 * One turn of the event loop. The embedded database answers in-process, so a long loop of
 * queries (an import, a document's fragments) would never let the event loop serve requests;
 * awaiting this between batches does.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
