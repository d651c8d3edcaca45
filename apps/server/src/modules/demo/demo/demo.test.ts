import type {
  DemoSummary,
  LoginResponse,
  MetricsKpis,
  NeedsPersonCount,
  UsageDashboard,
} from '@agent-console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestGateway } from '../../../../test/test-app';
import { customers, users } from '../../../db/schema';
import { createLocalStorage } from '../../../storage/local-storage';
import { type DemoDeps, ensureDemo } from './demo.service';
import { DEMO_CUSTOMER_NAME, DEMO_USERNAME } from './demo-content';

/** What main hands the generator, built from the test app's own pieces (the same database object). */
function demoDeps(t: TestApp & { gateway: TestGateway }): DemoDeps {
  return {
    database: t.database,
    storage: createLocalStorage(t.filesDir),
    boss: t.boss,
    gateway: t.gateway.config,
    llm: null,
    embeddings: null,
  };
}

describe('demo mode', () => {
  let t: TestApp & { gateway: TestGateway };
  let made: DemoSummary | null;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ gateway: true, jobs: true, demo: true });
    made = await ensureDemo(demoDeps(t), { size: 'small' });
    const login = await t.call<LoginResponse>('POST', '/api/demo/login');
    expect(login.body.code).toBe('00000');
    token = login.body.data.accessToken;
  }, 180_000);
  afterAll(() => t?.close());

  it('generates a customer whose dashboard, usage report and Home show real figures', async () => {
    expect(made).not.toBeNull();
    const customerId = made?.customerId ?? 0;
    const mode = await t.call<{ enabled: boolean }>('GET', '/api/demo');
    expect(mode.body.data).toEqual({ enabled: true });

    const dashboard = await t.call<{ kpis: MetricsKpis }>('GET', `/api/v3/metrics/dashboard?customerId=${customerId}`, {
      token,
    });
    expect(dashboard.body.code).toBe('00000');
    const { kpis } = dashboard.body.data;
    expect(kpis.sessions).toBeGreaterThan(0);
    expect(kpis.messagesIn).toBeGreaterThan(0);
    expect(kpis.agentAnswered).toBeGreaterThan(0);
    expect(kpis.leadsCaptured).toBeGreaterThan(0);

    const usage = await t.call<UsageDashboard>(
      'GET',
      `/api/v3/dashboard/getCompanyUsageDashboard?customerId=${customerId}`,
      {
        token,
      },
    );
    expect(usage.body.code).toBe('00000');
    expect(usage.body.data.used).toBeGreaterThan(0);
    // Near the 80 % alert, not over it.
    expect(usage.body.data.usageRate).toBeGreaterThan(50);
    expect(usage.body.data.usageRate).toBeLessThan(80);

    const home = await t.call<NeedsPersonCount>('GET', '/api/v3/address/conversation/needsPerson', { token });
    expect(home.body.code).toBe('00000');
    expect(home.body.data.total).toBeGreaterThan(0);
  });

  it('does not generate twice on the same database', async () => {
    expect(await ensureDemo(demoDeps(t), { size: 'small' })).toBeNull();
    const rows = await t.database.db.select().from(customers).where(eq(customers.name, DEMO_CUSTOMER_NAME));
    expect(rows).toHaveLength(1);
  });

  it('lets the demo user read but not change or delete', async () => {
    const me = await t.call<{ permissions: string[] }>('GET', '/api/v3/system/user/info', { token });
    expect(me.body.code).toBe('00000');
    const save = await t.call('POST', '/api/v3/dashboard/setQuota', {
      token,
      body: { customerId: made?.customerId, quota: 1 },
    });
    expect(save.status).toBe(403);
    const remove = await t.call('POST', '/api/v3/qa-file/extDelete', { token, body: { ids: [1] } });
    expect(remove.status).toBe(403);
  });
});

describe('outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has no demo login and no demo user', async () => {
    const login = await t.call('POST', '/api/demo/login');
    expect(login.status).toBe(404);
    const mode = await t.call<{ enabled: boolean }>('GET', '/api/demo');
    expect(mode.body.data).toEqual({ enabled: false });
    expect(await t.database.db.select().from(users).where(eq(users.username, DEMO_USERNAME))).toHaveLength(0);
  });
});
