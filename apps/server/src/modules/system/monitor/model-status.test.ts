import { ONLINE_PERMISSIONS, OPERLOG_PERMISSIONS } from '@agent-console/contracts';
import { quickBreakingChat } from '@agent-console/server/test/fixtures/model-client';
import { type OpenAiPeer, startOpenAiPeer } from '@agent-console/server/test/fixtures/openai-peer';
import { createScopedUser } from '@agent-console/server/test/fixtures/users';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAiChat } from '../../../integrations/llm';

/**
 * GET /monitor/model/status (issue 33): what Home tells the people who run the product about the
 * language model. Product-wide state: a caller whose data scope is one customer gets null.
 */
const URL = '/api/v3/monitor/model/status';
let t: TestApp;
let bare: TestApp;
let admin: string;
let peer: OpenAiPeer;
let llm: OpenAiChat;

beforeAll(async () => {
  peer = await startOpenAiPeer({ status: 500, body: '{"error":{"message":"down"}}' });
  llm = quickBreakingChat(peer.url);
  t = await createTestApp({ llm });
  bare = await createTestApp();
  admin = await t.loginAdmin();
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await peer.close();
});

describe('the language model on Home', () => {
  it('shows a configured model working, then its breaker open after repeated failures', async () => {
    const before = await t.call('GET', URL, { token: admin });
    expect(before.body).toMatchObject({
      code: '00000',
      data: {
        clients: [
          { client: 'chat', configured: true, state: 'closed', failures: 0, openedAt: null },
          { client: 'miner', configured: false, state: 'closed' },
          { client: 'embedding', configured: false, state: 'closed' },
        ],
      },
    });
    for (let i = 0; i < 2; i++) {
      await expect(llm.chat({ messages: [{ role: 'user', content: 'Hi' }] })).rejects.toThrow();
    }
    const after = await t.call<{ clients: { state: string; failures: number; openedAt: string | null }[] }>(
      'GET',
      URL,
      {
        token: admin,
      },
    );
    expect(after.body.data.clients[0]).toMatchObject({ state: 'open', failures: 2 });
    expect(Date.parse(after.body.data.clients[0]?.openedAt ?? '')).not.toBeNaN();
  });

  it('says no model is configured where none is', async () => {
    const res = await bare.call('GET', URL, { token: await bare.loginAdmin() });
    expect(res.body.data).toEqual({
      clients: [
        { client: 'chat', configured: false, state: 'closed', failures: 0, openedAt: null },
        { client: 'miner', configured: false, state: 'closed', failures: 0, openedAt: null },
        { client: 'embedding', configured: false, state: 'closed', failures: 0, openedAt: null },
      ],
    });
  });

  it('gives null to a monitor of one customer, and refuses a user without the permission', async () => {
    const scoped = await createScopedUser(t, [ONLINE_PERMISSIONS.list]);
    const res = await t.call('GET', URL, { token: scoped.token });
    expect(res.body).toMatchObject({ code: '00000', data: null });
    const other = await createScopedUser(t, [OPERLOG_PERMISSIONS.list]);
    const refused = await t.call('GET', URL, { token: other.token });
    expect(refused.status).toBe(403);
  });
});
