import { childCall, freePort } from '@agent-console/server/test/child-server';
import { withBenchDatabase } from './bench-database';
import { apiLogin, type BenchServer } from './server';

export interface RunningAgentApp {
  /** The app's OpenAI-compatible chat completions address. */
  url: string;
  apiKey: string;
}

/**
 * An agent app of customer 1 on the bench server, its knowledge written by `seedSql` while the
 * server is stopped (the embedded database has one owner), then started.
 */
export async function agentAppWithKnowledge(server: BenchServer, seedSql: string): Promise<RunningAgentApp> {
  const app = await childCall<{ id: number; port: number; apiKey: string }>(
    server,
    'POST',
    '/api/v3/app/info/save',
    await apiLogin(server.baseUrl),
    { customerId: 1, name: 'Bench agent', code: 'bench-agent', port: await freePort() },
  );
  await server.stop();
  await withBenchDatabase(server, (database) => database.sql.exec(seedSql));
  await server.start();
  await childCall(server, 'GET', `/api/v3/app/info/startApp/${app.id}`, await apiLogin(server.baseUrl));
  return { url: `http://127.0.0.1:${app.port}/v1/chat/completions`, apiKey: app.apiKey };
}

/** One answer, to check the question takes the step it is meant to measure. */
export async function stepOf(app: RunningAgentApp, question: string): Promise<string> {
  const res = await fetch(app.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: question }] }),
  });
  const body = (await res.json()) as { agent?: { step?: string } };
  return body.agent?.step ?? `HTTP ${res.status}`;
}

/** Throws unless each question is answered by the step it is meant to measure. */
export async function checkSteps(
  app: RunningAgentApp,
  shapes: ReadonlyArray<{ question: string; step: string }>,
): Promise<void> {
  for (const shape of shapes) {
    const step = await stepOf(app, shape.question);
    if (step !== shape.step) throw new Error(`"${shape.question}" was answered by step ${step}, not ${shape.step}`);
  }
}
