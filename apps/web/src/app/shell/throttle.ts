/** Runs `fn` at most once per `ms`, and once more at the end of a burst so the last state counts. */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = Date.now();
    timer = undefined;
    fn();
  };
  const throttled = () => {
    const wait = ms - (Date.now() - last);
    if (wait <= 0) run();
    else timer ??= setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
