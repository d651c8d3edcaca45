import { randomBytes } from 'node:crypto';
import { seedOf } from '../../../lib/prng';
import type { WktLoginInfo, WktLoginQr } from '../wkteam-wire';
import { refuse, type SimContext, SimRefusal, unguessable } from './context';
import { generateProfile } from './generate';
import type { AccountRow, LoginRow, LoginState } from './login-store';
import { isProvince } from './regions';

/**
 * QR logins. A login starts `waiting`; opening its phone page makes it `scanned`; the person on
 * that page confirms (choosing the phone's province), cancels, or lets it expire. Confirming from
 * another province than the requested proxy region logs in and drops a few seconds later; a new
 * account's first-day drop is decided at its first login. A login passing a previous wcId logs
 * that account in again; one without makes a new account.
 */
export async function requestQr(ctx: SimContext, region: number, previousWcId: string): Promise<WktLoginQr> {
  if (!isProvince(region)) throw new SimRefusal('不支持的代理地区', `proxy region ${region} is not supported`);
  const now = Date.now();
  const login = {
    id: `sim-${unguessable(12)}`,
    phoneId: unguessable(),
    region,
    previousWcId: previousWcId || null,
    expiresAt: new Date(now + ctx.options.qrTtlMs),
  };
  await ctx.logins.insertLogin(login);
  // As WKTeam does, `qrCodeUrl` is an image of the code (qr-image.ts); `qrContent`, what it
  // encodes, is the simulator's addition.
  return {
    wId: login.id,
    qrCodeUrl: ctx.urlOf(`qr/${login.phoneId}.png`),
    qrContent: ctx.urlOf(`phone/${login.phoneId}`),
    expiresAt: login.expiresAt.getTime(),
  };
}

/** A login as it is now: one past its expiry is expired, and recorded so. */
export async function currentLogin(ctx: SimContext, login: LoginRow): Promise<LoginRow> {
  const now = new Date();
  if ((login.state === 'waiting' || login.state === 'scanned') && login.expiresAt <= now) {
    return (await ctx.logins.moveLogin(login.id, ['waiting', 'scanned'], 'expired', { at: now })) ?? login;
  }
  return login;
}

export async function loginInfo(ctx: SimContext, wId: string): Promise<WktLoginInfo> {
  const found = await ctx.logins.login(wId);
  if (!found) throw refuse.noInstance();
  const login = await currentLogin(ctx, found);
  if (login.state === 'expired') throw new SimRefusal('二维码已过期', 'QR code expired');
  if (login.state === 'cancelled') throw new SimRefusal('用户取消登录', 'login cancelled on the phone');
  if (login.state !== 'confirmed' || !login.wcId) return { status: login.state };
  const account = await ctx.logins.account(login.wcId);
  if (!account) throw refuse.noInstance();
  return {
    status: 'confirmed',
    wcId: account.wcId,
    nickName: account.nickname,
    wAccount: account.account,
    ...(account.avatar ? { headUrl: ctx.urlOf(account.avatar) } : {}),
    ...(account.signature ? { signature: account.signature } : {}),
    sex: account.gender === 'male' ? 1 : account.gender === 'female' ? 2 : 0,
  };
}

/** The phone page was opened: a waiting login becomes scanned. */
export async function phoneOpened(ctx: SimContext, phoneId: string): Promise<LoginRow | undefined> {
  const found = await ctx.logins.loginByPhone(phoneId);
  if (!found) return undefined;
  const login = await currentLogin(ctx, found);
  if (login.state !== 'waiting') return login;
  return (await ctx.logins.moveLogin(login.id, ['waiting'], 'scanned', { at: new Date() })) ?? login;
}

const PENDING: LoginState[] = ['waiting', 'scanned'];

export async function confirmLogin(ctx: SimContext, phoneId: string, phoneRegion: number): Promise<AccountRow> {
  const login = await decidable(ctx, phoneId);
  if (!isProvince(phoneRegion)) throw new SimRefusal('请选择手机所在省份', 'choose the province of the phone');
  const now = new Date();
  const wcId = login.previousWcId ?? `wxid_${randomBytes(10).toString('hex').slice(0, 14)}`;
  if (!(await ctx.logins.account(wcId))) {
    const seed = seedOf(wcId);
    await ctx.logins.insertAccount({ wcId, seed, customerPageId: unguessable(), ...generateProfile(seed) });
  }
  const claimed = await ctx.logins.moveLogin(login.id, PENDING, 'confirmed', { at: now, phoneRegion, wcId });
  if (!claimed) throw new SimRefusal('登录已处理', 'this login was already decided');
  const account = (await ctx.logins.account(wcId)) as AccountRow;
  const drop = decideDrop(ctx, account, login.region !== phoneRegion, now);
  const online = await ctx.logins.bringOnline(wcId, {
    wId: login.id,
    region: login.region,
    phoneRegion,
    at: now,
    dropAt: drop?.at ?? null,
    dropReason: drop?.reason ?? null,
  });
  return online ?? account;
}

export async function cancelLogin(ctx: SimContext, phoneId: string): Promise<void> {
  const login = await decidable(ctx, phoneId);
  await ctx.logins.moveLogin(login.id, PENDING, 'cancelled', { at: new Date() });
}

/** "Let it expire now": for people and tests that try the expiry without waiting for it. */
export async function expireLogin(ctx: SimContext, phoneId: string): Promise<void> {
  const found = await ctx.logins.loginByPhone(phoneId);
  // Expired already is what was asked for.
  if (found && (await currentLogin(ctx, found)).state === 'expired') return;
  const login = await decidable(ctx, phoneId);
  const now = new Date();
  await ctx.logins.moveLogin(login.id, PENDING, 'expired', { at: now, expiresAt: now });
}

async function decidable(ctx: SimContext, phoneId: string): Promise<LoginRow> {
  const found = await ctx.logins.loginByPhone(phoneId);
  if (!found) throw new SimRefusal('二维码不存在', 'no such QR login');
  const login = await currentLogin(ctx, found);
  if (login.state === 'expired') throw new SimRefusal('二维码已过期', 'QR code expired');
  if (!PENDING.includes(login.state)) throw new SimRefusal('登录已处理', 'this login was already decided');
  return login;
}

/**
 * The drop a login brings: a region mismatch drops within seconds; otherwise an account that has
 * not had its first-day drop gets it at a random point of its first day or two.
 */
function decideDrop(
  ctx: SimContext,
  account: AccountRow,
  regionMismatch: boolean,
  now: Date,
): { at: Date; reason: string } | null {
  if (regionMismatch)
    return { at: new Date(now.getTime() + ctx.options.regionMismatchDropMs), reason: 'regionMismatch' };
  const window = ctx.options.firstDayDrop;
  if (!window || account.firstDayDropDone) return null;
  const span = Math.max(0, window.maxMs - window.minMs);
  const offset = window.minMs + Math.floor(Math.random() * (span + 1));
  const from = account.firstLoginAt ?? now;
  return { at: new Date(Math.max(now.getTime(), from.getTime() + offset)), reason: 'firstDayDrop' };
}
