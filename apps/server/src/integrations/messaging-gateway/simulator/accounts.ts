import type { ChatDropReason } from '@agent-console/contracts';
import type { WktOnline } from '../wkteam-wire';
import { offlineCallback } from './callbacks';
import { refuse, type SimContext } from './context';
import type { AccountRow } from './login-store';

/**
 * Simulated accounts online and offline: which login instance each is on, whether that instance is
 * online, and the drops — decided ones carried out by the ticker when due, forced ones at once —
 * each announced to the console by an offline callback with its reason.
 */

/** The account of an instance, online on exactly that instance, or the refusal the gateway gives. */
export async function requireOnline(ctx: SimContext, wId: string): Promise<AccountRow> {
  const account = await ctx.logins.accountOfInstance(wId);
  if (!account) throw refuse.noInstance();
  if (!account.online || account.wId !== wId) throw refuse.offline();
  return account;
}

export async function isOnline(ctx: SimContext, wId: string): Promise<WktOnline> {
  const account = await ctx.logins.accountOfInstance(wId);
  if (!account) throw refuse.noInstance();
  if (account.online && account.wId === wId) return { isOnline: true };
  // An instance the account has since left by logging in again is simply gone.
  const reason = account.wId === wId ? (account.offlineReason ?? 'unknown') : 'unknown';
  return { isOnline: false, offlineReason: reason };
}

/** Takes an account offline now; resolves with whether the console accepted the callback. */
export async function dropAccount(ctx: SimContext, wcId: string, reason: ChatDropReason): Promise<boolean> {
  const dropped = await ctx.logins.takeOffline(wcId, reason, new Date());
  if (!dropped) return false;
  return announceOffline(ctx, dropped, reason);
}

/** Carries out every drop that is due (region mismatch, first-day drop). */
export async function runDueDrops(ctx: SimContext, now = new Date()): Promise<number> {
  const due = await ctx.logins.claimDueDrops(now);
  await Promise.all(due.map((account) => announceOffline(ctx, account, account.offlineReason ?? 'unknown')));
  return due.length;
}

function announceOffline(ctx: SimContext, account: AccountRow, reason: string): Promise<boolean> {
  return ctx.callbacks.send(offlineCallback(account, account.wId, reason, account.offlineAt ?? new Date()));
}
