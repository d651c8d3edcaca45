import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions call the recording model received. */
export interface RecordedCall {
  stream: boolean;
  messages: { role: string; content: string }[];
}

export interface RecordingModel {
  /** The base URL to give the console as LLM_BASE_URL. */
  url: string;
  calls: RecordedCall[];
  close: () => Promise<void>;
}

const REWRITE = 'Rewrite the last user message';

/**
 * An OpenAI-compatible chat service that records what it is sent (issue 33: is the fact that
 * answers in the model's context?). It needs no model: mining calls get NONE, a follow-up rewrite
 * gets the user turns joined (what a model would fold into one question, crudely), and an answer
 * gets a fixed sentence, streamed as server-sent events with `[DONE]`.
 */
export async function startRecordingModel(): Promise<RecordingModel> {
  const calls: RecordedCall[] = [];
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await read(req)) as RecordedCall;
    calls.push({ stream: body.stream === true, messages: body.messages });
    const system = body.messages[0]?.content ?? '';
    const user = body.messages.at(-1)?.content ?? '';
    const text = system.startsWith(REWRITE)
      ? user
          .split('\n')
          .filter((line) => /^(User|Last user message): /.test(line))
          .map((line) => line.replace(/^[^:]+: /, ''))
          .join(' ')
      : body.stream
        ? 'Recorded.'
        : 'NONE';
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: text }, null));
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
