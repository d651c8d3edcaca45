import type { ChatDropReason, ChatLoginState } from '@agent-console/contracts';
import type { SimulatorOptions } from './simulator/options';

/**
 * The messaging gateway (WAVE2 §1.7, §15.4, ANCHORS §C): one interface, two drivers. `wkteam` is
 * the HTTP adapter of a WKTeam-style gateway; `simulator` is the same adapter pointed at the
 * simulator the console mounts, so the default setup runs the real adapter over real HTTP.
 * Every method either answers or throws a GatewayError; none returns a false success.
 */
export type GatewayDriverName = 'simulator' | 'wkteam';

export interface QrLogin {
  /** The gateway's id of this login attempt. */
  sessionId: string;
  /**
   * The address of the QR code's image as the gateway drew it (WKTeam's `qrCodeUrl`; the
   * simulator serves a PNG too). The console fetches it and hands the dialog a data URL.
   */
  qrImageUrl: string;
  /**
   * What the QR code encodes, when the gateway says (WKTeam does not; the simulator answers its
   * phone page for this login, so a person without a phone can open it).
   */
  qrContent?: string;
  expiresAt: Date;
}

export interface LoginPoll {
  state: ChatLoginState;
  /** Set once confirmed: the account's stable id. */
  wcId?: string;
  reason?: string;
}

export interface GatewayProfile {
  wcId: string;
  account: string;
  nickname: string;
  avatar: string | null;
  signature: string | null;
  gender: 'male' | 'female' | 'other';
}

export interface AccountStatus {
  online: boolean;
  /** Why it is offline, when the gateway says. */
  reason?: ChatDropReason;
}

export interface AddressInitProgress {
  status: 'running' | 'completed' | 'failed';
  processed: number;
  total: number;
  error?: string;
}

export interface GatewayContact {
  wcId: string;
  account: string | null;
  nickname: string;
  avatar: string | null;
  type: 'friend' | 'group';
  gender: 'male' | 'female' | 'other';
  labelIds: string[];
}

export interface GatewayLabel {
  id: string;
  name: string;
}

export interface SendReceipt {
  msgId: string;
}

export interface OutgoingFile {
  /** A URL the gateway can fetch the file from (ANCHORS §C). */
  url: string;
  fileName: string;
}

export interface FriendRequestTicket {
  fromWcId: string;
  /** The gateway's opaque tokens of the request (WKTeam `v1`/`v2`). */
  ticket: string;
}

export interface MessagingGateway {
  readonly driver: GatewayDriverName;
  /** A QR code for a proxy region; `previousWcId` logs an existing account in again. */
  requestQr(region: number, previousWcId?: string): Promise<QrLogin>;
  pollLogin(sessionId: string, verifyCode?: string): Promise<LoginPoll>;
  profile(wcId: string): Promise<GatewayProfile>;
  status(wcId: string): Promise<AccountStatus>;
  /** Starts (or restarts) the address-list initialisation; contacts can be listed once completed. */
  startAddressInit(wcId: string): Promise<AddressInitProgress>;
  addressInitProgress(wcId: string): Promise<AddressInitProgress>;
  /** Friends and groups in batches. */
  contacts(wcId: string, page: { offset: number; limit: number }): Promise<{ items: GatewayContact[]; total: number }>;
  labels(wcId: string): Promise<GatewayLabel[]>;
  sendText(wcId: string, toWcId: string, content: string): Promise<SendReceipt>;
  sendFile(wcId: string, toWcId: string, file: OutgoingFile): Promise<SendReceipt>;
  acceptFriend(wcId: string, request: FriendRequestTicket): Promise<void>;
  logout(wcId: string): Promise<void>;
}

/**
 * How a gateway call failed. `tooFrequent` is the gateway's rate limit (the pacing governor backs
 * off); `offline` means the account is not logged in; `sendFailed` is a send refused while the
 * account looks online; `fileTooLarge` a file over the gateway's limit; `unreachable` no answer
 * (after the adapter's retries); `rejected` any other refusal, with the gateway's message;
 * `notReady` no call was made at all: the gateway's address is not known yet (the built-in
 * simulator is the console itself, whose address is known once it listens), so nothing was sent.
 */
export type GatewayErrorCode =
  | 'tooFrequent'
  | 'offline'
  | 'sendFailed'
  | 'fileTooLarge'
  | 'unreachable'
  | 'notFound'
  | 'rejected'
  | 'notReady';

export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** Events the gateway posts to `POST /api/gateway/callback`, after the wire format is parsed. */
export type GatewayEvent =
  | {
      kind: 'message';
      msgId: string;
      /** The account that received it (or, with `fromSelf`, sent it). */
      wcId: string;
      /** The contact or group it came from; with `fromSelf`, the contact or group it went to. */
      fromWcId: string;
      /**
       * Written by the account itself (WKTeam's `self: true`): typed on the phone by a person, or
       * one of the console's own sends echoed back (its `msgId` is then the send's receipt).
       */
      fromSelf?: boolean;
      /** In a group, who wrote. */
      senderWcId?: string;
      type: 'text' | 'file';
      content: string;
      fileName?: string;
      at: Date;
    }
  | { kind: 'status'; wcId: string; online: boolean; reason?: ChatDropReason; at: Date }
  | { kind: 'friendRequest'; wcId: string; fromWcId: string; nickname: string; ticket: string; at: Date };

/** How the console reaches its gateway (`GATEWAY_*` settings, WAVE2 §1.7). */
export interface GatewayConfig {
  driver: GatewayDriverName;
  /** The gateway's base URL; for the simulator, unset means the console's own `/gateway-sim`. */
  baseUrl?: string;
  /** Sent on every call; the simulator requires it. */
  token: string;
  /** Signs the callbacks the gateway posts to the console. */
  callbackSecret: string;
  /** How the built-in simulator behaves (tests make it fast); its defaults when absent. */
  simulator?: Partial<SimulatorOptions>;
}
