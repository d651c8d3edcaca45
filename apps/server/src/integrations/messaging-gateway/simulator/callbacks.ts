import { SIGNATURE_HEADER, signCallback, TIMESTAMP_HEADER } from '../callback-signature';
import { GROUP_SUFFIX, WKT_CALLBACK } from '../wkteam-wire';

/**
 * The simulator's callbacks to the console: WKTeam's wire format (what `parseCallback` reads),
 * signed with `GATEWAY_CALLBACK_SECRET` (callback-signature.ts). A callback the console does not
 * accept (no answer, or not 2xx) is tried again a few times with a growing pause, as gateways do;
 * the retries live in memory only, so a restart of the console drops the ones still waiting.
 */
export interface CallbackTarget {
  wcId: string;
  account: string;
}

export interface CallbackSenderOptions {
  /** Where to post; unknown until the console listens. */
  url: () => string | undefined;
  secret: string;
  retries: number;
  retryMs: number;
  timeoutMs: number;
  logger?: { warn(details: object, message: string): void } | undefined;
}

export class CallbackSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: CallbackSenderOptions) {}

  /** Posts one callback; resolves with whether the first try was accepted (retries go on after). */
  async send(payload: object): Promise<boolean> {
    const body = JSON.stringify(payload);
    const accepted = await this.post(body);
    if (!accepted) this.retryLater(body, 1);
    return accepted;
  }

  /** Stops pending retries (the console is closing). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private retryLater(body: string, attempt: number): void {
    if (this.closed || attempt > this.options.retries) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.post(body).then((ok) => {
          if (!ok) this.retryLater(body, attempt + 1);
        });
      },
      this.options.retryMs * 2 ** (attempt - 1),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private async post(body: string): Promise<boolean> {
    const url = this.options.url();
    if (!url || this.closed) return false;
    const timestamp = Date.now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signCallback(this.options.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return true;
      this.options.logger?.warn({ url, status: response.status }, 'gateway simulator: callback refused');
    } catch (err) {
      this.options.logger?.warn({ url, err }, 'gateway simulator: callback not delivered');
    }
    return false;
  }
}

/** WKTeam's callback type of a text or file message, private or in a group. */
function messageTypeOf(type: 'text' | 'file', group: boolean) {
  if (type === 'file') return group ? WKT_CALLBACK.groupFile : WKT_CALLBACK.privateFile;
  return group ? WKT_CALLBACK.groupText : WKT_CALLBACK.privateText;
}

/** Seconds, as WKTeam stamps its callbacks. */
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function messageCallback(
  to: CallbackTarget,
  wId: string,
  m: {
    msgId: string;
    fromUser: string;
    fromGroup?: string;
    type: 'text' | 'file';
    content: string;
    fileName?: string;
    at: Date;
  },
): object {
  const group = m.fromGroup !== undefined;
  const messageType = messageTypeOf(m.type, group);
  return {
    wcId: to.wcId,
    account: to.account,
    messageType,
    data: {
      wId,
      fromUser: m.fromUser,
      ...(group ? { fromGroup: m.fromGroup } : {}),
      toUser: to.wcId,
      // Ids as text: the real gateway's 19-digit numbers do not survive JSON numbers.
      msgId: m.msgId,
      newMsgId: m.msgId,
      timestamp: seconds(m.at),
      content: m.content,
      ...(m.fileName ? { fileName: m.fileName } : {}),
      self: false,
    },
  };
}

/**
 * A message the account itself wrote (WKTeam's `self: true`): typed on the phone, or a send of the
 * console echoed back under the send's own message id. `fromUser` is the account; the contact it
 * went to is `toUser` (in a group, the group is `fromGroup`).
 */
export function selfMessageCallback(
  from: CallbackTarget,
  wId: string,
  m: { msgId: string; toWcId: string; type: 'text' | 'file'; content: string; fileName?: string; at: Date },
): object {
  const group = m.toWcId.endsWith(GROUP_SUFFIX);
  const messageType = messageTypeOf(m.type, group);
  return {
    wcId: from.wcId,
    account: from.account,
    messageType,
    data: {
      wId,
      fromUser: from.wcId,
      ...(group ? { fromGroup: m.toWcId } : {}),
      toUser: m.toWcId,
      msgId: m.msgId,
      newMsgId: m.msgId,
      timestamp: seconds(m.at),
      content: m.content,
      ...(m.fileName ? { fileName: m.fileName } : {}),
      self: true,
    },
  };
}

export function offlineCallback(to: CallbackTarget, wId: string | null, reason: string, at: Date): object {
  return {
    wcId: to.wcId,
    account: to.account,
    messageType: WKT_CALLBACK.offline,
    data: { wId, reason, timestamp: seconds(at) },
  };
}

export function friendRequestCallback(
  to: CallbackTarget,
  wId: string | null,
  r: { v1: string; v2: string; scene: number; fromUser: string; nickName: string; content: string; at: Date },
): object {
  return {
    wcId: to.wcId,
    account: to.account,
    messageType: WKT_CALLBACK.friendRequest,
    data: {
      wId,
      v1: r.v1,
      v2: r.v2,
      scene: r.scene,
      fromUser: r.fromUser,
      nickName: r.nickName,
      content: r.content,
      timestamp: seconds(r.at),
    },
  };
}
