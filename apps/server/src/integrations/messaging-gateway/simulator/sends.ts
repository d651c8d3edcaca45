import type { GatewayErrorCode } from '../gateway';
import type { WktSent } from '../wkteam-wire';
import { requireOnline } from './accounts';
import type { MessageRow } from './address-store';
import { selfMessageCallback } from './callbacks';
import { newMsgId, refuse, type SimContext, SimRefusal } from './context';
import type { AccountRow } from './login-store';

/**
 * Sends from a simulated account (ANCHORS §C): refused while the account is in "online but sends
 * fail" mode, refused as too frequent when sooner than `minGapMs` after its previous send or past
 * `windowMax` within `windowMs`, and files fetched from their URL and refused over `maxFileBytes`.
 * A refused send is recorded too, so a test can see what the gateway turned away and why.
 */
interface Outgoing {
  type: 'text' | 'file';
  content: string;
  fileName?: string;
  fileSize?: number;
}

export async function sendText(ctx: SimContext, wId: string, to: string, content: string): Promise<WktSent> {
  const account = await requireOnline(ctx, wId);
  await requireContact(ctx, account, to);
  return send(ctx, account, to, { type: 'text', content });
}

export async function sendFile(
  ctx: SimContext,
  wId: string,
  to: string,
  url: string,
  fileName: string,
): Promise<WktSent> {
  const account = await requireOnline(ctx, wId);
  await requireContact(ctx, account, to);
  const outgoing: Outgoing = { type: 'file', content: url, fileName };
  const fetched = await fetchSize(url, ctx.options.maxFileBytes, ctx.options.fileFetchTimeoutMs);
  if (fetched.kind === 'tooLarge') {
    await record(ctx, account, to, outgoing, 'fileTooLarge');
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    throw new SimRefusal(
      `文件过大，超过 ${mb(ctx.options.maxFileBytes)} 限制`,
      `file too large: ${fetched.atLeast ? 'more than ' : ''}${mb(fetched.size)} exceeds the limit of ${mb(ctx.options.maxFileBytes)}`,
    );
  }
  if (fetched.kind === 'failed') {
    await record(ctx, account, to, outgoing, 'sendFailed');
    throw new SimRefusal('文件下载失败', `the file could not be fetched: ${fetched.detail}`);
  }
  return send(ctx, account, to, { ...outgoing, fileSize: fetched.size });
}

async function requireContact(ctx: SimContext, account: AccountRow, to: string): Promise<void> {
  const [contact] = await ctx.address.contactsByIds(account.wcId, [to]);
  if (!contact) throw refuse.noContact();
}

async function send(ctx: SimContext, account: AccountRow, to: string, outgoing: Outgoing): Promise<WktSent> {
  if (account.sendsFail) {
    await record(ctx, account, to, outgoing, 'sendFailed');
    throw refuse.sendFailed();
  }
  const now = new Date();
  const { minGapMs, windowMs, windowMax } = ctx.options;
  const claimed = await ctx.logins.claimSend(
    account.wcId,
    now,
    new Date(now.getTime() - minGapMs),
    new Date(now.getTime() - windowMs),
    windowMax,
  );
  if (!claimed) {
    await record(ctx, account, to, outgoing, 'tooFrequent');
    throw refuse.tooFrequent();
  }
  const msgId = await record(ctx, account, to, outgoing, null, now);
  if (ctx.options.echoSends && account.wId) {
    // Not awaited: the gateway answers the send first; its echo may reach the console before or
    // after the answer, as with the real gateway.
    void ctx.callbacks.send(
      selfMessageCallback(account, account.wId, {
        msgId,
        toWcId: to,
        type: outgoing.type,
        content: outgoing.content,
        ...(outgoing.fileName ? { fileName: outgoing.fileName } : {}),
        at: now,
      }),
    );
  }
  return {
    type: outgoing.type === 'file' ? 6 : 1,
    msgId,
    newMsgId: msgId,
    createTime: Math.floor(now.getTime() / 1000),
    wcId: to,
  };
}

/** Stores a send: sent when `refusal` is null, else refused with it. */
async function record(
  ctx: SimContext,
  account: AccountRow,
  to: string,
  outgoing: Outgoing,
  refusal: GatewayErrorCode | null,
  at = new Date(),
): Promise<string> {
  const msgId = newMsgId();
  const row: MessageRow = {
    msgId,
    peerWcId: to,
    senderWcId: null,
    direction: 'out',
    type: outgoing.type,
    content: outgoing.content,
    fileName: outgoing.fileName ?? null,
    fileSize: outgoing.fileSize ?? null,
    status: refusal ? 'refused' : 'sent',
    refusal,
    at,
  };
  await ctx.address.insertMessage(account.wcId, row);
  return msgId;
}

type Fetched =
  | { kind: 'ok'; size: number }
  | { kind: 'tooLarge'; size: number; atLeast: boolean }
  | { kind: 'failed'; detail: string };

/**
 * Fetches the file the way a gateway does, counting its bytes and giving up as soon as it is over
 * the limit (a declared length over it is refused before reading anything).
 */
async function fetchSize(url: string, limit: number, timeoutMs: number): Promise<Fetched> {
  if (!/^https?:\/\//i.test(url)) return { kind: 'failed', detail: 'not an http(s) address' };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetch(url, { signal: abort.signal });
    if (!response.ok || !response.body) return { kind: 'failed', detail: `HTTP ${response.status}` };
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limit) {
      await response.body.cancel().catch(() => undefined);
      return { kind: 'tooLarge', size: declared, atLeast: false };
    }
    const reader = response.body.getReader();
    let size = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return { kind: 'tooLarge', size, atLeast: true };
      }
    }
    return { kind: 'ok', size };
  } catch (err) {
    return { kind: 'failed', detail: abort.signal.aborted ? 'no answer in time' : String((err as Error).message) };
  } finally {
    clearTimeout(timer);
  }
}
