import { freePort } from '@agent-console/server/test/child-server';
import { withBenchDatabase } from './bench-database';
import { apiLogin, type BenchServer } from './server';

type Api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

/** The console's API as a signed-in admin calls it: the envelope's data, or an error naming the call. */
export function consoleApi(baseUrl: string, token: string): Api {
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await res.json()) as { code: string; data: T; message?: string };
    if (envelope.code !== '00000') throw new Error(`${path}: ${envelope.code} ${envelope.message ?? ''}`);
    return envelope.data;
  };
}

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
  let api = consoleApi(server.baseUrl, await apiLogin(server.baseUrl));
  const app = await api<{ id: number; port: number; apiKey: string }>('POST', '/api/v3/app/info/save', {
    customerId: 1,
    name: 'Bench agent',
    code: 'bench-agent',
    port: await freePort(),
  });
  await server.stop();
  await withBenchDatabase(server, (database) => database.sql.exec(seedSql));
  await server.start();
  api = consoleApi(server.baseUrl, await apiLogin(server.baseUrl));
  await api('GET', `/api/v3/app/info/startApp/${app.id}`);
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
