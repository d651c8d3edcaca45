import { randomBytes, randomInt } from 'node:crypto';
import { seedOf } from '../../../lib/prng';
import { encodeTicket } from '../callback-parse';
import type { GatewayContact } from '../gateway';
import { GROUP_SUFFIX } from '../wkteam-wire';
import { requireOnline } from './accounts';
import { ensureGenerated, gatewayContactOf } from './address';
import { friendRequestCallback, messageCallback, selfMessageCallback } from './callbacks';
import { newMsgId, refuse, type SimContext, SimRefusal } from './context';
import { generateStranger } from './generate';
import type { AccountRow } from './login-store';

/**
 * The people on the other side: what a person does on the customer page (write as a contact, ask
 * to become a friend) and what tests do to the phone's address list. Each message and request
 * reaches the console as a signed callback.
 */
export async function accountOf(ctx: SimContext, wcId: string): Promise<AccountRow> {
  const account = await ctx.logins.account(wcId);
  if (!account) throw new SimRefusal('账号不存在', `no simulated account ${wcId}`);
  return account;
}

export interface Written {
  msgId: string;
  /** Whether the console accepted the callback (it is retried later when not). */
  delivered: boolean;
}

/**
 * A contact writes to the account. In a group, the writer is one of its members. A given `msgId`
 * that was used before is sent again without being stored twice: that is how a test plays the
 * gateway redelivering a message.
 */
export async function customerWrites(
  ctx: SimContext,
  wcId: string,
  fromWcId: string,
  content: string,
  opts: { msgId?: string; at?: Date; type?: 'text' | 'file'; fileName?: string } = {},
): Promise<Written> {
  const account = await accountOf(ctx, wcId);
  if (!account.online || !account.wId) throw refuse.offline();
  await ensureGenerated(ctx, account);
  const [contact] = await ctx.address.contactsByIds(wcId, [fromWcId]);
  if (!contact) throw refuse.noContact();
  const inGroup = fromWcId.endsWith(GROUP_SUFFIX);
  const member = inGroup ? generateStranger(seedOf(`${fromWcId}/${randomInt(5)}`)).wcId : null;
  const msgId = opts.msgId ?? newMsgId();
  const at = opts.at ?? new Date();
  const type = opts.type ?? 'text';
  await ctx.address.insertMessage(wcId, {
    msgId,
    peerWcId: fromWcId,
    senderWcId: member,
    direction: 'in',
    type,
    content,
    fileName: opts.fileName ?? null,
    fileSize: null,
    status: 'received',
    refusal: null,
    at,
  });
  const delivered = await ctx.callbacks.send(
    messageCallback(account, account.wId, {
      msgId,
      fromUser: member ?? fromWcId,
      ...(member ? { fromGroup: fromWcId } : {}),
      type,
      content,
      ...(opts.fileName ? { fileName: opts.fileName } : {}),
      at,
    }),
  );
  return { msgId, delivered };
}

/**
 * Someone types a reply on the account's own phone (not through the gateway's API): stored as the
 * account's message and posted to the console as a `self: true` message callback, as WKTeam
 * reports what the phone sends. The console pauses its agent for that contact.
 */
export async function phoneReplies(
  ctx: SimContext,
  wcId: string,
  toWcId: string,
  content: string,
  opts: { msgId?: string; at?: Date } = {},
): Promise<Written> {
  const account = await accountOf(ctx, wcId);
  if (!account.online || !account.wId) throw refuse.offline();
  await ensureGenerated(ctx, account);
  const [contact] = await ctx.address.contactsByIds(wcId, [toWcId]);
  if (!contact) throw refuse.noContact();
  const msgId = opts.msgId ?? newMsgId();
  const at = opts.at ?? new Date();
  await ctx.address.insertMessage(wcId, {
    msgId,
    peerWcId: toWcId,
    senderWcId: null,
    direction: 'out',
    type: 'text',
    content,
    fileName: null,
    fileSize: null,
    status: 'sent',
    refusal: null,
    at,
  });
  const delivered = await ctx.callbacks.send(
    selfMessageCallback(account, account.wId, { msgId, toWcId, type: 'text', content, at }),
  );
  return { msgId, delivered };
}

export async function friendRequest(
  ctx: SimContext,
  wcId: string,
  who: { nickname?: string; greeting?: string },
): Promise<{ fromWcId: string; ticket: string; delivered: boolean }> {
  const account = await accountOf(ctx, wcId);
  if (!account.online) throw refuse.offline();
  const stranger = generateStranger(randomInt(2 ** 31));
  const nickname = who.nickname?.trim() || stranger.nickname;
  const request = {
    id: `v1_${randomBytes(16).toString('hex')}@stranger`,
    v2: `v4_${randomBytes(24).toString('hex')}@stranger`,
    scene: 3,
  };
  const at = new Date();
  await ctx.address.insertFriendRequest({
    ...request,
    wcId,
    fromWcId: stranger.wcId,
    nickname,
    greeting: who.greeting ?? '',
    createdAt: at,
  });
  const delivered = await ctx.callbacks.send(
    friendRequestCallback(account, account.wId, {
      v1: request.id,
      v2: request.v2,
      scene: request.scene,
      fromUser: stranger.wcId,
      nickName: nickname,
      content: who.greeting ?? '',
      at,
    }),
  );
  return {
    fromWcId: stranger.wcId,
    ticket: encodeTicket({ v1: request.id, v2: request.v2, scene: request.scene }),
    delivered,
  };
}

/** acceptUser: the requester becomes a contact; accepting twice changes nothing. */
export async function acceptUser(ctx: SimContext, wId: string, v1: string, v2: string): Promise<void> {
  const account = await requireOnline(ctx, wId);
  const request = await ctx.address.friendRequest(account.wcId, v1);
  if (!request) throw new SimRefusal('好友请求不存在', 'friend request not found');
  if (request.v2 !== v2) throw new SimRefusal('好友请求校验失败', 'the request tokens do not match');
  if (request.state === 'accepted') return;
  await ensureGenerated(ctx, account);
  const stranger = generateStranger(seedOf(request.fromWcId));
  await ctx.address.insertContacts(account.wcId, [
    {
      contactWcId: request.fromWcId,
      account: null,
      nickname: request.nickname,
      avatar: stranger.avatar,
      type: 'friend',
      gender: stranger.gender,
      labelIds: [],
      source: 'request',
    },
  ]);
  await ctx.address.restoreContact(account.wcId, request.fromWcId);
  await ctx.address.acceptRequest(request.id, new Date());
}

/** A contact added on the phone (a test's shortcut for "they became friends"). */
export async function addContact(
  ctx: SimContext,
  wcId: string,
  partial: Partial<GatewayContact>,
): Promise<GatewayContact> {
  const account = await accountOf(ctx, wcId);
  await ensureGenerated(ctx, account);
  const stranger = generateStranger(randomInt(2 ** 31));
  const type = partial.type ?? (partial.wcId?.endsWith(GROUP_SUFFIX) ? 'group' : 'friend');
  const contactWcId =
    partial.wcId ??
    (type === 'group' ? `${randomInt(10_000_000, 99_999_999)}${randomInt(100, 999)}${GROUP_SUFFIX}` : stranger.wcId);
  await ctx.address.insertContacts(wcId, [
    {
      contactWcId,
      account: partial.account ?? null,
      nickname: partial.nickname ?? stranger.nickname,
      avatar: stranger.avatar,
      type,
      gender: partial.gender ?? (type === 'group' ? 'other' : stranger.gender),
      labelIds: partial.labelIds ?? [],
      source: 'added',
    },
  ]);
  await ctx.address.restoreContact(wcId, contactWcId);
  const [row] = await ctx.address.contactsByIds(wcId, [contactWcId]);
  if (!row) throw refuse.noContact();
  return gatewayContactOf(ctx, row);
}

export async function removeContact(ctx: SimContext, wcId: string, contactWcId: string): Promise<void> {
  await ensureGenerated(ctx, await accountOf(ctx, wcId));
  if (!(await ctx.address.removeContact(wcId, contactWcId, new Date()))) throw refuse.noContact();
}
