import { randomBytes } from 'node:crypto';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { readySimAccount } from '@agent-console/server/test/fixtures/agent-runtime';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { FAST_PACING, FAST_SIMULATOR } from '@agent-console/server/test/fixtures/chat-test-app';
import { makeDocx, uploadDocument, waitForDocument } from '@agent-console/server/test/fixtures/knowledge';
import { promSample } from '@agent-console/server/test/fixtures/prometheus';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../../jobs/queues';

/**
 * GET /metrics (issue 20): the Prometheus text of one app, for its token only. A request made just
 * before a scrape is counted under its route pattern and status, with its latency; error envelopes
 * by code; the job queue, document processing, gateway sends and agent answers from the real work
 * of this app. Without the setting the path does not exist; two apps never share a count.
 */
const TOKEN = randomBytes(24).toString('base64url');
const { t, admin, f } = useAdminApp({
  jobs: true,
  gateway: { simulator: { ...FAST_SIMULATOR, contactCount: 4 } },
  pacing: FAST_PACING,
  metricsToken: TOKEN,
});

async function scrape(app: TestApp = t, authorization = `Bearer ${TOKEN}`) {
  const res = await app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
  return { status: res.statusCode, text: res.body, headers: res.headers };
}

/** The metrics text of the test app (fails the test unless the scrape succeeded). */
async function metricsText(): Promise<string> {
  const res = await scrape();
  expect(res.status).toBe(200);
  return res.text;
}

const sample = promSample;

const POST_PAGE = '/api/v3/system/post/page';
const requests = (text: string, method: string, route: string, status: number) =>
  sample(text, 'agent_console_http_requests_total', { method, route, status: String(status) }) ?? 0;

describe('GET /metrics', () => {
  it('counts a request made just before the scrape under its route pattern and status', async () => {
    const before = requests(await metricsText(), 'POST', POST_PAGE, 200);
    const page = await t.call('POST', POST_PAGE, { token: admin(), body: { pageNum: 1, pageSize: 10 } });
    expect(page.status).toBe(200);
    const text = await metricsText();
    expect(requests(text, 'POST', POST_PAGE, 200)).toBe(before + 1);
  });

  it('labels a route with parameters by its pattern and an unmatched request as unmatched, never by the URL', async () => {
    const update = await t.call('POST', '/api/v3/system/post/update/987654', {
      token: admin(),
      body: { postCode: 'x', postName: 'x', postSort: 1, status: '0' },
    });
    const lost = await t.call('GET', '/api/no-such-route-5551212', { token: admin() });
    expect(lost.status).toBe(404);
    const text = await metricsText();
    expect(requests(text, 'POST', '/api/v3/system/post/update/:id', update.status)).toBeGreaterThanOrEqual(1);
    expect(requests(text, 'GET', 'unmatched', 404)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('no-such-route');
  });

  it('counts error envelopes by their code', async () => {
    const code = (text: string, c: string) => sample(text, 'agent_console_errors_total', { code: c }) ?? 0;
    const before = await metricsText();
    const anonymous = await t.call('POST', POST_PAGE, { body: {} });
    expect(anonymous.body.code).toBe('A0301');
    const invalid = await t.call('POST', POST_PAGE, { token: admin(), body: { pageSize: 'many' } });
    expect(invalid.status).toBe(400);
    const after = await metricsText();
    expect(code(after, 'A0301')).toBe(code(before, 'A0301') + 1);
    expect(code(after, invalid.body.code)).toBe(code(before, invalid.body.code) + 1);
  });

  it('has the latency histogram of the route', async () => {
    await t.call('POST', POST_PAGE, { token: admin(), body: {} });
    const text = await metricsText();
    const labels = { method: 'POST', route: POST_PAGE };
    const count = sample(text, 'agent_console_http_request_duration_seconds_count', labels) ?? 0;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'agent_console_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(count);
    expect(sample(text, 'agent_console_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(text).toContain('# TYPE agent_console_http_request_duration_seconds histogram');
  });

  it('answers in the Prometheus text format, with the process metrics', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('# TYPE agent_console_http_requests_total counter');
    expect(res.text).toContain('agent_console_process_resident_memory_bytes');
  });

  it('refuses a scrape without the token, with a wrong one or another scheme: 401, nothing in the body', async () => {
    for (const authorization of ['', 'Bearer wrong-token-of-some-length', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(t, authorization);
      expect(res.status, authorization).toBe(401);
      expect(res.text, authorization).toBe('');
    }
    // The session guard does not stand in for the token: an administrator's session is refused too.
    expect((await scrape(t, `Bearer ${admin()}`)).status).toBe(401);
  });

  it('reads the job queue at the scrape, and times the processing of a document', async () => {
    const up = await uploadDocument(t, admin(), 'metrics.docx', makeDocx(['Q: Is it counted?', 'A: Yes.']));
    expect(up.body.code).toBe('00000');
    const id = (up.body.data as { id: number }).id;
    expect((await waitForDocument(t, admin(), id))?.processStatus).toBe('completed');
    const text = await waitUntil(
      metricsText,
      (x) => (sample(x, 'agent_console_document_processing_seconds_count') ?? 0) >= 1,
    );
    expect(sample(text, 'agent_console_document_processing_seconds_sum')).toBeGreaterThan(0);
    expect(sample(text, 'agent_console_job_queue_depth', { queue: QUEUES.documentProcess.name })).toBe(0);
    expect(sample(text, 'agent_console_job_queue_failed', { queue: QUEUES.documentProcess.name })).toBe(0);
    expect(sample(text, 'agent_console_job_queue_active', { queue: QUEUES.documentProcess.name })).toBeDefined();
  });

  it('counts the agent’s answers with their time, and the sends to the gateway by result', async () => {
    const before = await metricsText();
    expect(sample(before, 'agent_console_gateway_sends_total', { result: 'failed' })).toBeDefined();
    const customerId = await f.customer();
    const { account, friends } = await readySimAccount(t, f, customerId);
    const agentApp = await insertApp(t, { customerId });
    await f.ok('POST', '/api/v3/account/setApp', { accountId: account.id, appId: agentApp.id });
    await insertQa(t, { customerId, question: 'When are you open?', answer: 'Every day.' });
    const contact = friends[0];
    if (!contact) throw new Error('the simulated account has no friend');
    await t.gateway.sim.customerWrites(account.wcId, contact.wcId, 'When are you open?');
    await waitUntil(
      () => t.gateway.sim.sent(account.wcId),
      (sent) => sent.some((s) => s.to === contact.wcId),
    );
    const answers = (x: string) => sample(x, 'agent_console_agent_answers_total') ?? 0;
    const sends = (x: string) => sample(x, 'agent_console_gateway_sends_total', { result: 'ok' }) ?? 0;
    const after = await waitUntil(metricsText, (x) => sends(x) > sends(before));
    expect(answers(after)).toBe(answers(before) + 1);
    expect(sample(after, 'agent_console_agent_answer_seconds_count')).toBe(answers(after));
    const byStep = (x: string) => sample(x, 'agent_console_answers_total', { step: 'qa', channel: 'contact' }) ?? 0;
    expect(byStep(after)).toBe(byStep(before) + 1);
  });
});

describe('/metrics without METRICS_TOKEN, and a second app', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('answers 404 as a path that does not exist, whatever the caller sends', async () => {
    for (const authorization of ['', `Bearer ${TOKEN}`]) {
      const res = await scrape(bare, authorization);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'A0404' });
    }
  });

  it('keeps its own counts: requests to another app never show in this one', async () => {
    const route = '/api/v3/system/post/list';
    const token = await bare.loginAdmin();
    const before = await metricsText();
    for (let i = 0; i < 3; i++) await bare.call('POST', route, { token, body: {} });
    const after = await metricsText();
    expect(requests(after, 'POST', route, 200)).toBe(requests(before, 'POST', route, 200));
  });
});
