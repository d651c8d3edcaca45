import { z } from 'zod';

/**
 * The WKTeam-style wire API (docs/decisions.md, "Messaging gateway (issue 15)", has the mapping
 * table). Every call is `POST <baseUrl>/<endpoint>` with a JSON body and the gateway token in the
 * `Authorization` header (the raw token, no scheme, as WKTeam takes it); every answer is the
 * envelope `{ code, message, data }` with code "1000" for success and "1001" for a refusal whose
 * `message` says why. The adapter sends these bodies and the simulator validates them with the
 * same schemas, so the two cannot drift apart.
 */
export const WKT_SUCCESS = '1000';
export const WKT_FAILURE = '1001';

export interface WktEnvelope<T = unknown> {
  code: string;
  message: string;
  data: T | null;
}

/** Ids are text: the console never does arithmetic on them, and JSON numbers lose digits past 2^53. */
const id = z.string().trim().min(1).max(128);
const wId = id;

/** Request bodies, by endpoint. */
export const wktRequests = {
  /** Step 2 of the WKTeam login: a QR code for a proxy region; `wcId` "" for a new account. */
  iPadLogin: z.object({ wcId: z.string().max(128), proxy: z.number().int().min(1).max(999) }),
  /** Step 3: the login's state (WKTeam blocks up to 250 s; the simulator answers at once). */
  getIPadLoginInfo: z.object({ wId, verifyCode: z.string().max(16).optional() }),
  /** The login instances of this token, so a wcId can be mapped to its current wId. */
  queryLoginWx: z.object({}),
  isOnline: z.object({ wId }),
  /** Contact details, several wcIds joined with commas (WKTeam takes at most 20). */
  getContact: z.object({
    wId,
    wcId: z
      .string()
      .trim()
      .min(1)
      .max(20 * 130),
  }),
  initAddressList: z.object({ wId }),
  getAddressList: z.object({ wId }),
  getContactLabelList: z.object({ wId }),
  sendText: z.object({ wId, wcId: id, content: z.string().min(1).max(10_000) }),
  /** `path` is a URL the gateway fetches the file from. */
  sendFile: z.object({ wId, wcId: id, path: z.string().min(1).max(2048), fileName: z.string().min(1).max(255) }),
  acceptUser: z.object({ wId, v1: id, v2: id, type: z.number().int().min(0).max(999) }),
  logout: z.object({ wId }),
} as const;

export type WktEndpoint = keyof typeof wktRequests;
export type WktRequest<E extends WktEndpoint> = z.infer<(typeof wktRequests)[E]>;

/** Endpoints that send something to a contact: never retried once the request may have arrived. */
export const WKT_SEND_ENDPOINTS: ReadonlySet<WktEndpoint> = new Set(['sendText', 'sendFile']);

/** Answers (`data`), by endpoint. Fields marked "simulator" are its additions; the adapter copes without them. */
export interface WktLoginQr {
  wId: string;
  /** The address of an image of the QR code (WKTeam's and the simulator's alike). */
  qrCodeUrl: string;
  /** Simulator: what the QR code encodes (its phone page for this login). */
  qrContent?: string;
  /** Simulator: when the QR expires, epoch milliseconds. */
  expiresAt?: number;
}

export interface WktLoginInfo {
  /** Simulator: the sub-state while not yet confirmed (WKTeam only answers once it is). */
  status?: 'waiting' | 'scanned' | 'confirmed';
  wcId?: string;
  nickName?: string;
  wAccount?: string;
  headUrl?: string;
  signature?: string;
  /** 1 male, 2 female, else unknown. */
  sex?: number;
}

/**
 * WKTeam lists the instances online now; the simulator lists each account's latest instance with
 * `online`, so that the reason of a drop can still be asked after a restart of the console.
 */
export interface WktLoginInstance {
  wcId: string;
  wId: string;
  online?: boolean;
}

export interface WktOnline {
  isOnline: boolean;
  /** Simulator: why it is offline (a ChatDropReason code). */
  offlineReason?: string;
}

export interface WktContact {
  userName: string;
  nickName: string;
  /** The account name shown on the phone. */
  aliasName?: string;
  remark?: string;
  signature?: string;
  sex?: number;
  bigHead?: string;
  smallHead?: string;
  /** Label ids joined with commas. */
  labelList?: string;
}

export interface WktAddressList {
  friends: string[];
  chatrooms: string[];
  ghs: string[];
  /** Simulator: where the initialisation is (WKTeam's initAddressList blocks until done). */
  init?: { status: 'running' | 'completed'; processed: number; total: number };
}

export interface WktLabel {
  labelId: string | number;
  labelName: string;
}

export interface WktSent {
  type: number;
  msgId: string | number;
  newMsgId: string | number;
  createTime: number;
  wcId: string;
}

/** WKTeam returns group ids with this suffix. */
export const GROUP_SUFFIX = '@chatroom';

/**
 * Callback message types (WKTeam's "optimised" numbering): 60001 private text and 80001 group
 * text are WKTeam's; the file, friend-request and offline codes follow its scheme (see
 * docs/decisions.md). Callbacks are `{ wcId, account, messageType, data }`.
 */
export const WKT_CALLBACK = {
  privateText: '60001',
  privateFile: '60008',
  groupText: '80001',
  groupFile: '80008',
  friendRequest: '37',
  offline: '30000',
} as const;
