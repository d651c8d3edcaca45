import { EventStreamParser, type StreamEvent } from '@agent-console/contracts';

export { EventStreamParser, type StreamEvent };

/** Reads a response body to its end, handing over each event as it completes. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const parser = new EventStreamParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) onEvent(event);
    }
    for (const event of parser.push(decoder.decode())) onEvent(event);
    for (const event of parser.end()) onEvent(event);
  } finally {
    reader.releaseLock();
  }
}
