import { fieldLabel } from '@agent-console/contracts';
import { signInCodeFrom } from '@agent-console/server/test/fixtures/users';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationCodes, loginFailures, sessions, users } from '../../../db/schema';

let t: TestApp;
let inviteCode: string;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.select({ code: invitationCodes.code }).from(invitationCodes).limit(1);
  inviteCode = row?.code ?? '';
});
afterAll(() => t.close());

/** A call from another client address (fastify.inject's default is 127.0.0.1). */
const signInFrom = (ip: string, username: string, password: string) => signInCodeFrom(t, ip, username, password);

const registration = (over: Record<string, unknown> = {}) => ({
  username: `user${Math.random().toString(36).slice(2, 8)}`,
  password: 'secret-123',
  confirmPassword: 'secret-123',
  invitationCode: inviteCode,
  agreement: true,
  ...over,
});

describe('POST /api/login', () => {
  it('answers id, accessToken and nickName for the admin', async () => {
    const res = await t.call<{ id: number; accessToken: string; nickName: string }>('POST', '/api/login', {
      body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('00000');
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      accessToken: expect.any(String),
      nickName: 'admin',
    });
    expect(res.body.data.accessToken.length).toBeGreaterThanOrEqual(43);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.loginAdmin();
    const rows = await t.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('is also served at /api/auth/login', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    expect(res.body.code).toBe('00000');
  });

  it('refuses a wrong password and an unknown user alike with A0210', async () => {
    const wrong = await t.call('POST', '/api/login', { body: { username: 'admin', password: 'nope-nope' } });
    const unknown = await t.call('POST', '/api/login', { body: { username: 'ghost', password: 'nope-nope' } });
    expect(wrong.body.code).toBe('A0210');
    expect(unknown.body.code).toBe('A0210');
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.status).toBe(400);
  });

  it.each([
    [{ password: 'x' }, 'A0410', 'username'],
    [{ username: 'admin' }, 'A0410', 'password'],
    [{ username: '', password: 'x' }, 'A0410', 'username'],
    [{ username: 42, password: 'x' }, 'A0400', 'username'],
    [{ username: 'admin', password: ['x'] }, 'A0400', 'password'],
    [{ username: 'a'.repeat(10_000), password: 'x' }, 'A0420', 'username'],
    [{ username: 'admin', password: 'p'.repeat(10_000) }, 'A0420', 'password'],
  ])('rejects %j with %s naming %s', async (body, code, field) => {
    const res = await t.call('POST', '/api/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
    expect(res.body.data).toMatchObject({ fields: expect.arrayContaining([expect.objectContaining({ field })]) });
  });

  it.each([
    ['a NUL in the username', { username: 'ad\u0000min', password: 'whatever-1' }, 'username'],
    ['a NUL in the password', { username: 'admin', password: 'what\u0000ever' }, 'password'],
    ['a lone surrogate in the username', { username: 'ad\uD800min', password: 'whatever-1' }, 'username'],
    ['a lone surrogate in the password', { username: 'admin', password: 'what\uDC00ever' }, 'password'],
  ])('answers %s with A0400 naming the field, not a 5xx', async (_name, body, field) => {
    const res = await t.call('POST', '/api/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('A0400');
    expect(res.body.data).toEqual({ fields: [{ field, reason: 'invalidCharacter' }] });
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
  });

  it('answers malformed JSON and a non-object body with an A04xx envelope', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('A0427');
    const array = await t.call('POST', '/api/login', { body: [1, 2] });
    expect(array.body.code).toMatch(/^A04/);
  });

  it('localises messages from Accept-Language', async () => {
    const zh = await t.call('POST', '/api/login', {
      body: { username: 'ghost', password: 'whatever' },
      lang: 'zh-CN,zh;q=0.9',
    });
    expect(zh.body.message).toBe('用户名或密码错误');
    const ja = await t.call('POST', '/api/login', { body: { username: 'ghost2', password: 'whatever' }, lang: 'ja' });
    expect(ja.body.message).toBe('ユーザー名またはパスワードが正しくありません');
  });

  it('locks the account after five failures: the sixth attempt answers A0211 even with the right password', async () => {
    const reg = await t.call('POST', '/api/register', { body: registration({ username: 'locky' }) });
    expect(reg.body.code).toBe('00000');
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', '/api/login', { body: { username: 'locky', password: 'wrong-password' } });
      expect(res.body.code).toBe('A0210');
    }
    const sixth = await t.call('POST', '/api/login', { body: { username: 'LOCKY', password: 'secret-123' } });
    expect(sixth.body.code).toBe('A0211');
    expect(sixth.status).toBe(429);
    // Once the lock has run out, the right password works again.
    await t.database.sql.exec("UPDATE login_failures SET locked_until = now() - interval '1 second'");
    const later = await t.call('POST', '/api/login', { body: { username: 'locky', password: 'secret-123' } });
    expect(later.body.code).toBe('00000');
  });

  it('locks only the source that failed: the owner signs in from another address meanwhile', async () => {
    await t.call('POST', '/api/register', { body: registration({ username: 'owner1' }) });
    for (let i = 0; i < 5; i++) expect(await signInFrom('198.51.100.7', 'owner1', 'wrong-password')).toBe('A0210');
    // The attacker's source is locked; the owner signs in from another address.
    expect(await signInFrom('198.51.100.7', 'owner1', 'secret-123')).toBe('A0211');
    expect(await signInFrom('203.0.113.9', 'owner1', 'secret-123')).toBe('00000');
    // The owner's success clears only their own pair; the failing source stays locked.
    expect(await signInFrom('198.51.100.7', 'owner1', 'secret-123')).toBe('A0211');
  });

  it('counts an IPv6 client by its /64 network, so rotating addresses inside it gains nothing', async () => {
    await t.call('POST', '/api/register', { body: registration({ username: 'sixer' }) });
    for (let i = 1; i <= 5; i++)
      expect(await signInFrom(`2001:db8:0:7::${i}`, 'sixer', 'wrong-password')).toBe('A0210');
    // Same /64 network: locked; the next network is another source.
    expect(await signInFrom('2001:db8:0:7::99', 'sixer', 'secret-123')).toBe('A0211');
    expect(await signInFrom('2001:db8:0:8::1', 'sixer', 'secret-123')).toBe('00000');
  });

  it('past the per-username ceiling a source is locked at its first failure, yet a clean source still gets in', async () => {
    await t.call('POST', '/api/register', { body: registration({ username: 'targeted' }) });
    // A guessing attack spread over many addresses: 20 sources with 5 failures each.
    await t.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 20 }, (_, i) => ({ username: 'targeted', source: `192.0.2.${i}`, failures: 5 })));
    expect(await signInFrom('198.51.100.20', 'targeted', 'wrong-password')).toBe('A0210');
    expect(await signInFrom('198.51.100.20', 'TARGETED', 'secret-123')).toBe('A0211');
    expect(await signInFrom('203.0.113.20', 'targeted', 'secret-123')).toBe('00000');
  });

  it('refuses a disabled user with A0202', async () => {
    await t.call('POST', '/api/register', { body: registration({ username: 'sleepy' }) });
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.username, 'sleepy'));
    const res = await t.call('POST', '/api/login', { body: { username: 'sleepy', password: 'secret-123' } });
    expect(res.body.code).toBe('A0202');
  });
});

describe('POST /api/register', () => {
  it('creates a user in the code’s customer who can then sign in', async () => {
    const res = await t.call<{ id: number; username: string }>('POST', '/api/register', {
      body: registration({ username: 'newcomer', invitationCode: inviteCode.toLowerCase() }),
    });
    expect(res.body).toMatchObject({ code: '00000', data: { username: 'newcomer' } });
    const token = await t.login('newcomer', 'secret-123');
    const info = await t.call<{ customer: { name: string }; roles: { key: string }[] }>(
      'GET',
      '/api/v3/system/user/info',
      { token },
    );
    expect(info.body.data.customer.name).toBe('Headquarters');
    expect(info.body.data.roles.map((r) => r.key)).toEqual(['staff']);
  });

  it('is also served at /api/auth/register', async () => {
    const res = await t.call('POST', '/api/auth/register', { body: registration() });
    expect(res.body.code).toBe('00000');
  });

  it.each([
    ['wrong invitation code', { invitationCode: 'NOPE-NOPE' }, 'A0130', 'invitationCode'],
    ['mismatched passwords', { confirmPassword: 'other-123' }, 'A0400', 'confirmPassword'],
    ['agreement not accepted', { agreement: false }, 'A0400', 'agreement'],
    ['missing agreement', { agreement: undefined }, 'A0400', 'agreement'],
    ['missing invitation code', { invitationCode: undefined }, 'A0410', 'invitationCode'],
    ['missing confirmation', { confirmPassword: undefined }, 'A0410', 'confirmPassword'],
    ['short password', { password: 'abc', confirmPassword: 'abc' }, 'A0420', 'password'],
    ['10,000-character username', { username: 'u'.repeat(10_000) }, 'A0420', 'username'],
    ['username with spaces', { username: 'two words' }, 'A0400', 'username'],
    ['number as username', { username: 12345 }, 'A0400', 'username'],
  ])('refuses %s and creates nothing', async (_name, over, code, field) => {
    const before = await countUsers();
    const res = await t.call('POST', '/api/register', { body: registration(over) });
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a seven-character password', 'abc-123', 'A0420', 'tooShort'],
    ['a common password', 'password1', 'A0400', 'weakPassword'],
    ['a common password in other letter case', 'Qwerty123', 'A0400', 'weakPassword'],
    ['a password containing the username', 'xx-Weakling-2024', 'A0400', 'containsUsername'],
  ])('refuses %s naming password and creates nothing', async (_name, password, code, reason) => {
    const before = await countUsers();
    const res = await t.call('POST', '/api/register', {
      body: registration({ username: 'weakling', password, confirmPassword: password }),
    });
    expect(res.body.code).toBe(code);
    expect(res.body.data).toEqual({ fields: [{ field: 'password', reason }] });
    expect(res.body.message).toContain(fieldLabel('password', 'en'));
    expect(await countUsers()).toBe(before);
  });

  it('refuses a taken username in any letter case with A0111', async () => {
    const res = await t.call('POST', '/api/register', { body: registration({ username: 'ADMIN' }) });
    expect(res.body.code).toBe('A0111');
    expect(res.body.data).toEqual({ fields: [{ field: 'username', reason: 'taken' }] });
  });

  it.each([
    ['username', { username: 'nul\u0000user' }],
    ['nickName', { nickName: 'Nul\u0000Nick' }],
    ['invitationCode', { invitationCode: 'ABC\u0000DEF' }],
    ['password', { password: 'secret\u0000-123' }],
    ['username', { username: 'sur\uD83Duser' }],
    ['nickName', { nickName: 'Lone \uDE00 surrogate' }],
    ['confirmPassword', { confirmPassword: 'secret-123\uD800' }],
  ])('answers a NUL or lone surrogate in %s with A0400 naming it and creates nothing', async (field, over) => {
    const before = await countUsers();
    const res = await t.call('POST', '/api/register', { body: registration(over) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('A0400');
    expect(res.body.data).toMatchObject({ fields: expect.arrayContaining([{ field, reason: 'invalidCharacter' }]) });
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
    expect(await countUsers()).toBe(before);
  });

  it('refuses a revoked invitation code', async () => {
    await t.database.db.update(invitationCodes).set({ revokedAt: new Date() });
    const res = await t.call('POST', '/api/register', { body: registration() });
    expect(res.body.code).toBe('A0130');
    await t.database.db.update(invitationCodes).set({ revokedAt: null });
  });
});

describe('sessions', () => {
  it('GET /api/v3/system/user/info answers the admin with a token and A0301/401 without', async () => {
    const token = await t.loginAdmin();
    const me = await t.call<{ username: string; permissions: string[] }>('GET', '/api/v3/system/user/info', { token });
    expect(me.body.code).toBe('00000');
    expect(me.body.data.username).toBe('admin');
    expect(me.body.data.permissions).toEqual(['*:*:*']);
    const anonymous = await t.call('GET', '/api/v3/system/user/info');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('A0301');
  });

  it('refuses forged, malformed and expired tokens with A0301', async () => {
    const forged = await t.call('GET', '/api/v3/system/user/info', { token: 'x'.repeat(43) });
    expect(forged.body.code).toBe('A0301');
    const malformed = await t.call('GET', '/api/v3/system/user/info', { headers: { authorization: 'Basic abc' } });
    expect(malformed.body.code).toBe('A0301');
    const token = await t.loginAdmin();
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
    const expired = await t.call('GET', '/api/v3/system/user/info', { token });
    expect(expired.body.code).toBe('A0301');
  });

  it('logout ends the session and is idempotent', async () => {
    const token = await t.loginAdmin();
    const out = await t.call('POST', '/api/logout', { token, body: {} });
    expect(out.body.code).toBe('00000');
    expect((await t.call('GET', '/api/v3/system/user/info', { token })).body.code).toBe('A0301');
    expect((await t.call('POST', '/api/auth/logout', { token, body: {} })).body.code).toBe('00000');
  });

  it('a disabled user’s open session stops working at once', async () => {
    await t.call('POST', '/api/register', { body: registration({ username: 'fading' }) });
    const token = await t.login('fading', 'secret-123');
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.username, 'fading'));
    expect((await t.call('GET', '/api/v3/system/user/info', { token })).body.code).toBe('A0301');
  });
});

describe('rate limit', () => {
  it('answers A0501 with HTTP 429 once the sign-in limit is used up', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.call('POST', '/api/login', { body: { username: `n${i}`, password: 'whatever' } });
        codes.push(res.body.code);
      }
      expect(codes.slice(0, 3)).toEqual(['A0210', 'A0210', 'A0210']);
      expect(codes[3]).toBe('A0501');
    } finally {
      await limited.close();
    }
  });

  it('gives one budget per client across the sign-in aliases, and one across the register aliases', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const login = async (path: string) =>
        (await limited.call('POST', path, { body: { username: 'ghost', password: 'whatever' } })).body.code;
      expect([await login('/api/login'), await login('/api/auth/login'), await login('/api/login')]).toEqual([
        'A0210',
        'A0210',
        'A0210',
      ]);
      expect(await login('/api/auth/login')).toBe('A0501');
      const register = async (path: string) =>
        (await limited.call('POST', path, { body: registration({ invitationCode: 'NOPE-NOPE' }) })).body.code;
      expect([
        await register('/api/auth/register'),
        await register('/api/register'),
        await register('/api/auth/register'),
      ]).toEqual(['A0130', 'A0130', 'A0130']);
      expect(await register('/api/register')).toBe('A0501');
      // Another client has a budget of its own.
      expect(await signInCodeFrom(limited, '203.0.113.50', 'ghost', 'whatever')).toBe('A0210');
    } finally {
      await limited.close();
    }
  });
});

describe('answers carrying a secret', () => {
  it('are never cached: sign-in and register answer Cache-Control: no-store, errors included', async () => {
    const ok = await t.call('POST', '/api/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    expect(ok.body.code).toBe('00000');
    expect(ok.headers['cache-control']).toBe('no-store');
    const alias = await t.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(alias.headers['cache-control']).toBe('no-store');
    const wrong = await t.call('POST', '/api/login', { body: { username: 'ghost', password: 'whatever' } });
    expect(wrong.headers['cache-control']).toBe('no-store');
    const invalid = await t.call('POST', '/api/login', { body: {} });
    expect(invalid.headers['cache-control']).toBe('no-store');
    const registered = await t.call('POST', '/api/register', { body: registration() });
    expect(registered.body.code).toBe('00000');
    expect(registered.headers['cache-control']).toBe('no-store');
    const aliasRegistered = await t.call('POST', '/api/auth/register', { body: registration() });
    expect(aliasRegistered.headers['cache-control']).toBe('no-store');
  });
});

async function countUsers(): Promise<number> {
  const rows = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows.rows[0]?.n ?? 0;
}
