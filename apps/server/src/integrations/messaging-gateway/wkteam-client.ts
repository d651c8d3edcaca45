import type { ChatDropReason } from '@agent-console/contracts';
import { CHAT_DROP_REASONS } from '@agent-console/contracts';
import { decodeTicket } from './callback-parse';
import {
  type AccountStatus,
  type AddressInitProgress,
  type FriendRequestTicket,
  type GatewayContact,
  type GatewayDriverName,
  GatewayError,
  type GatewayLabel,
  type GatewayProfile,
  type LoginPoll,
  type MessagingGateway,
  type OutgoingFile,
  type QrLogin,
  type SendReceipt,
} from './gateway';
import { GatewayNoAnswer, WktHttp, type WktHttpOptions, type WktOutcome } from './wkteam-http';
import { refusalCode, refusedLoginState } from './wkteam-refusals';
import {
  GROUP_SUFFIX,
  WKT_SEND_ENDPOINTS,
  type WktAddressList,
  type WktContact,
  type WktEndpoint,
  type WktLabel,
  type WktLoginInfo,
  type WktLoginInstance,
  type WktLoginQr,
  type WktOnline,
  type WktRequest,
  type WktSent,
} from './wkteam-wire';

/** How long a QR code lives when the gateway does not say (ANCHORS §C: about two minutes). */
export const DEFAULT_QR_TTL_MS = 120_000;
/** WKTeam's getContact takes at most this many wcIds per call. */
const CONTACT_BATCH = 20;

export interface WkteamClientOptions extends WktHttpOptions {
  driver?: GatewayDriverName;
}

/**
 * The `wkteam` driver: MessagingGateway over the WKTeam-style HTTP API. The interface speaks of
 * accounts (wcId) while WKTeam's calls take the login instance (wId), which changes at every
 * login; the client keeps the wcId → wId map it learns from confirmed logins and refreshes it from
 * `queryLoginWx` when it has none or the one it has turns out offline (another console instance,
 * or a restart, may have logged the account in since).
 */
export class WkteamClient implements MessagingGateway {
  readonly driver: GatewayDriverName;
  private readonly http: WktHttp;
  private readonly instances = new Map<string, string>();

  constructor(options: WkteamClientOptions) {
    this.driver = options.driver ?? 'wkteam';
    this.http = new WktHttp(options);
  }

  async requestQr(region: number, previousWcId?: string): Promise<QrLogin> {
    const data = await this.expect<WktLoginQr>('iPadLogin', { wcId: previousWcId ?? '', proxy: region });
    if (typeof data?.wId !== 'string' || typeof data.qrCodeUrl !== 'string') throw malformed('iPadLogin');
    const expiresAt = typeof data.expiresAt === 'number' ? data.expiresAt : Date.now() + DEFAULT_QR_TTL_MS;
    return {
      sessionId: data.wId,
      qrImageUrl: data.qrCodeUrl,
      ...(typeof data.qrContent === 'string' && data.qrContent ? { qrContent: data.qrContent } : {}),
      expiresAt: new Date(expiresAt),
    };
  }

  /**
   * WKTeam's getIPadLoginInfo holds the request until the phone has scanned (up to 250 s); the
   * client waits its own time limit once and takes no answer by then as "still waiting". The
   * dialog polls again, and its countdown ends the login at the QR's expiry.
   */
  async pollLogin(sessionId: string, verifyCode?: string): Promise<LoginPoll> {
    let outcome: WktOutcome<WktLoginInfo>;
    try {
      outcome = await this.http.call<WktLoginInfo>(
        'getIPadLoginInfo',
        { wId: sessionId, ...(verifyCode ? { verifyCode } : {}) },
        { attempts: 1 },
      );
    } catch (err) {
      if (err instanceof GatewayNoAnswer) return { state: 'waiting' };
      throw err;
    }
    if (!outcome.ok) {
      if (refusalCode(outcome.message, false) === 'notFound') throw new GatewayError('notFound', outcome.message);
      return { state: refusedLoginState(outcome.message), reason: outcome.message };
    }
    const data = outcome.data;
    if (data?.status === 'waiting' || data?.status === 'scanned') return { state: data.status };
    if (typeof data?.wcId !== 'string' || !data.wcId) throw malformed('getIPadLoginInfo');
    this.instances.set(data.wcId, sessionId);
    return { state: 'confirmed', wcId: data.wcId };
  }

  async profile(wcId: string): Promise<GatewayProfile> {
    const [own] = await this.onInstance(wcId, (wId) => this.contactDetails(wId, [wcId]));
    if (!own) throw new GatewayError('notFound', `no profile of ${wcId}`);
    return {
      wcId,
      account: own.aliasName || wcId,
      nickname: own.nickName ?? '',
      avatar: own.bigHead || own.smallHead || null,
      signature: own.signature || null,
      gender: genderOf(own.sex),
    };
  }

  async status(wcId: string): Promise<AccountStatus> {
    let wId = this.instances.get(wcId) ?? (await this.refreshInstance(wcId));
    if (!wId) return { online: false };
    let answer = await this.http.call<WktOnline>('isOnline', { wId });
    if (!(answer.ok && answer.data?.isOnline)) {
      // The instance we knew may be an old one: ask which instance the account is on now.
      const current = await this.refreshInstance(wcId);
      if (current && current !== wId) {
        wId = current;
        answer = await this.http.call<WktOnline>('isOnline', { wId });
      }
    }
    if (!answer.ok) {
      const code = refusalCode(answer.message, false);
      if (code === 'offline' || code === 'notFound') return { online: false };
      throw new GatewayError(code, answer.message);
    }
    if (answer.data?.isOnline) return { online: true };
    const reason = dropReasonOf(answer.data?.offlineReason);
    return reason ? { online: false, reason } : { online: false };
  }

  async startAddressInit(wcId: string): Promise<AddressInitProgress> {
    const data = await this.onInstance(wcId, (wId) => this.expect<Partial<WktAddressList>>('initAddressList', { wId }));
    // The simulator answers at once with its progress; WKTeam answers once the list is loaded.
    if (data?.init) return data.init;
    return this.addressInitProgress(wcId);
  }

  async addressInitProgress(wcId: string): Promise<AddressInitProgress> {
    const list = await this.addressList(wcId);
    if (list.init) return list.init;
    const total = list.friends.length + list.chatrooms.length;
    return { status: 'completed', processed: total, total };
  }

  async contacts(
    wcId: string,
    page: { offset: number; limit: number },
  ): Promise<{ items: GatewayContact[]; total: number }> {
    const list = await this.addressList(wcId);
    if (list.init && list.init.status !== 'completed') {
      throw new GatewayError('rejected', 'the address list is still being initialised');
    }
    const ids = [...list.friends, ...list.chatrooms];
    const wanted = ids.slice(Math.max(0, page.offset), Math.max(0, page.offset) + Math.max(0, page.limit));
    const items: GatewayContact[] = [];
    for (let i = 0; i < wanted.length; i += CONTACT_BATCH) {
      const batch = wanted.slice(i, i + CONTACT_BATCH);
      const details = await this.onInstance(wcId, (wId) => this.contactDetails(wId, batch));
      const byId = new Map(details.map((d) => [d.userName, d]));
      // In the list's order; one removed between the two calls is simply not there.
      for (const id of batch) {
        const detail = byId.get(id);
        if (detail) items.push(contactOf(detail));
      }
    }
    return { items, total: ids.length };
  }

  async labels(wcId: string): Promise<GatewayLabel[]> {
    const data = await this.onInstance(wcId, (wId) =>
      this.expect<WktLabel[] | { labelList?: WktLabel[] }>('getContactLabelList', { wId }),
    );
    const list = Array.isArray(data) ? data : (data?.labelList ?? []);
    return list.map((l) => ({ id: String(l.labelId), name: l.labelName }));
  }

  async sendText(wcId: string, toWcId: string, content: string): Promise<SendReceipt> {
    const sent = await this.onInstance(wcId, (wId) => this.expect<WktSent>('sendText', { wId, wcId: toWcId, content }));
    return receiptOf(sent);
  }

  async sendFile(wcId: string, toWcId: string, file: OutgoingFile): Promise<SendReceipt> {
    const sent = await this.onInstance(wcId, (wId) =>
      this.expect<WktSent>('sendFile', { wId, wcId: toWcId, path: file.url, fileName: file.fileName }),
    );
    return receiptOf(sent);
  }

  async acceptFriend(wcId: string, request: FriendRequestTicket): Promise<void> {
    const { v1, v2, scene } = decodeTicket(request.ticket);
    await this.onInstance(wcId, (wId) => this.expect('acceptUser', { wId, v1, v2, type: scene }));
  }

  async logout(wcId: string): Promise<void> {
    const wId = this.instances.get(wcId) ?? (await this.refreshInstance(wcId));
    if (!wId) return;
    // The instance stays remembered: asking its status later tells why it is offline.
    const outcome = await this.http.call('logout', { wId });
    // Already logged out is what was asked for.
    if (!outcome.ok && refusalCode(outcome.message, false) !== 'offline') {
      throw new GatewayError(refusalCode(outcome.message, false), outcome.message);
    }
  }

  /**
   * Runs a call on the account's instance. A call refused as "offline" on an instance the client
   * only remembered is tried once more on the account's current instance, if it has another: the
   * refusal means the gateway did nothing, so even a send is safe to repeat.
   */
  private async onInstance<T>(wcId: string, call: (wId: string) => Promise<T>): Promise<T> {
    const known = this.instances.get(wcId);
    const wId = known ?? (await this.refreshInstance(wcId));
    if (!wId) throw new GatewayError('offline', `${wcId} is not logged in at the gateway`);
    try {
      return await call(wId);
    } catch (err) {
      if (!(known && err instanceof GatewayError && err.code === 'offline')) throw err;
      const current = await this.refreshInstance(wcId);
      if (!current || current === wId) throw err;
      return call(current);
    }
  }

  /** Asks the gateway for the current instance of an account and remembers it (or forgets it). */
  private async refreshInstance(wcId: string): Promise<string | undefined> {
    const data = await this.expect<WktLoginInstance[]>('queryLoginWx', {});
    const list = Array.isArray(data) ? data : [];
    for (const item of list) if (item?.wcId && item.wId) this.instances.set(item.wcId, item.wId);
    const found = list.find((item) => item?.wcId === wcId)?.wId;
    if (!found) this.instances.delete(wcId);
    return found;
  }

  private async addressList(wcId: string): Promise<WktAddressList> {
    const data = await this.onInstance(wcId, (wId) => this.expect<Partial<WktAddressList>>('getAddressList', { wId }));
    return {
      friends: stringsOf(data?.friends),
      chatrooms: stringsOf(data?.chatrooms),
      ghs: stringsOf(data?.ghs),
      ...(data?.init ? { init: data.init } : {}),
    };
  }

  private async contactDetails(wId: string, wcIds: string[]): Promise<WktContact[]> {
    const data = await this.expect<WktContact[]>('getContact', { wId, wcId: wcIds.join(',') });
    return Array.isArray(data) ? data.filter((d) => typeof d?.userName === 'string') : [];
  }

  /** The call's data, or the refusal as a GatewayError with the code its message means. */
  private async expect<T, E extends WktEndpoint = WktEndpoint>(endpoint: E, body: WktRequest<E>): Promise<T | null> {
    const outcome: WktOutcome<T> = await this.http.call<T, E>(endpoint, body);
    if (outcome.ok) return outcome.data;
    throw new GatewayError(refusalCode(outcome.message, WKT_SEND_ENDPOINTS.has(endpoint)), outcome.message || endpoint);
  }
}

function malformed(endpoint: WktEndpoint): GatewayError {
  return new GatewayError('rejected', `${endpoint}: the gateway's answer lacks the expected fields`);
}

function receiptOf(sent: WktSent | null): SendReceipt {
  const id = sent?.newMsgId ?? sent?.msgId;
  if (id === undefined || id === null || id === '') throw malformed('sendText');
  return { msgId: String(id) };
}

function genderOf(sex: number | undefined): 'male' | 'female' | 'other' {
  return sex === 1 ? 'male' : sex === 2 ? 'female' : 'other';
}

function contactOf(detail: WktContact): GatewayContact {
  return {
    wcId: detail.userName,
    account: detail.aliasName || null,
    nickname: detail.remark || detail.nickName || '',
    avatar: detail.smallHead || detail.bigHead || null,
    type: detail.userName.endsWith(GROUP_SUFFIX) ? 'group' : 'friend',
    gender: genderOf(detail.sex),
    labelIds: (detail.labelList ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
}

function dropReasonOf(reason: unknown): ChatDropReason | undefined {
  return typeof reason === 'string' && (CHAT_DROP_REASONS as readonly string[]).includes(reason)
    ? (reason as ChatDropReason)
    : undefined;
}
