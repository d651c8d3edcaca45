/**
 * Waiting that an AbortSignal can always end. A `fetchImpl` (or a body stream) that ignores its
 * signal must not hold a caller past its limits, so every wait here races the signal itself
 * instead of trusting the awaited thing to notice.
 */

/**
 * `promise`, or the signal's reason as soon as it aborts. What the promise yields after losing the
 * race goes to `discard` (a late Response's body must be cancelled to free its socket); a late
 * rejection is swallowed, not left unhandled.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, discard?: (late: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      reject(signal.reason);
      promise.then((late) => discard?.(late), ignore);
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (settled) {
          discard?.(value);
          return;
        }
        settled = true;
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        reject(err);
      },
    );
  });
}

/** The default backoff wait: a real timer that the signal clears (rejecting with its reason). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The chunks of a body as they arrive. Stopping early (a `break`, an error, the signal) cancels
 * the stream, which closes the connection: a stalled provider does not keep a socket open.
 */
export async function* readChunks(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  try {
    while (true) {
      const { done, value } = await raceAbort(reader.read(), signal);
      if (done) {
        finished = true;
        return;
      }
      if (value?.byteLength) yield value;
    }
  } finally {
    if (!finished) reader.cancel().catch(ignore);
  }
}

/** A whole body as text, under the same signal; `onChunk` sees each arrival (to reset an idle limit). */
export async function readText(body: ReadableStream<Uint8Array>, signal: AbortSignal, onChunk?: () => void) {
  const decoder = new TextDecoder();
  let text = '';
  for await (const bytes of readChunks(body, signal)) {
    onChunk?.();
    text += decoder.decode(bytes, { stream: true });
  }
  return text + decoder.decode();
}

function ignore(): void {}
