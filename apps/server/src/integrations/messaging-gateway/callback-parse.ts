import { CHAT_DROP_REASONS, type ChatDropReason, type FieldError } from '@agent-console/contracts';
import { z } from 'zod';
import { GatewayError, type GatewayEvent } from './gateway';
import { WKT_CALLBACK } from './wkteam-wire';

/**
 * The callback wire format: `{ wcId, account, messageType, data }` as WKTeam posts it
 * (wkteam-wire.ts has the message types). `parseCallback` turns one into a GatewayEvent, or null
 * for what the console does not act on (types it does not know, bodies it cannot read). The
 * account's own messages (`self: true`) are events too, marked `fromSelf`: a person may have
 * written from the phone, which the agent must know (the callback tells them from the console's
 * own sends echoed back).
 * It never throws on a body it does not understand: the callback route answers those quickly and
 * moves on, because a gateway re-sends what it thinks failed.
 */
/**
 * Every number a callback carries has a range (issue 31, hole 6): a stamp of 1e20 or -1e15 made
 * an invalid date and a 500 further on. Stamps are seconds or milliseconds since 1970, up to
 * the year 2286 (1e13 ms); numeric ids are safe integers.
 */
const MAX_CALLBACK_STAMP = 1e13;
const stamp = z.number().min(0).max(MAX_CALLBACK_STAMP);
const idText = z
  .union([z.string().min(1).max(128), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform(String);

const envelopeSchema = z.object({
  wcId: z.string().min(1).max(128),
  messageType: z.union([z.string(), z.number()]).transform(String),
  data: z.record(z.string(), z.unknown()),
});

const messageSchema = z.object({
  fromUser: z.string().min(1).max(128),
  fromGroup: z.string().max(128).optional(),
  toUser: z.string().max(128).optional(),
  msgId: idText.optional(),
  newMsgId: idText.optional(),
  timestamp: stamp.optional(),
  content: z.string().max(100_000),
  fileName: z.string().max(255).optional(),
  title: z.string().max(255).optional(),
  self: z.boolean().optional(),
});

const offlineSchema = z.object({ reason: z.string().max(64).optional(), timestamp: stamp.optional() });

const friendRequestSchema = z.object({
  v1: z.string().min(1).max(512),
  v2: z.string().min(1).max(512),
  scene: z.number().int().min(0).max(999).optional(),
  fromUser: z.string().min(1).max(128).optional(),
  nickName: z.string().max(128).optional(),
  timestamp: stamp.optional(),
});

/** The `data` schema of each message type the console acts on: what the number-range test walks. */
export const CALLBACK_DATA_SCHEMAS: Record<string, z.ZodType> = {
  [WKT_CALLBACK.privateText]: messageSchema,
  [WKT_CALLBACK.privateFile]: messageSchema,
  [WKT_CALLBACK.groupText]: messageSchema,
  [WKT_CALLBACK.groupFile]: messageSchema,
  [WKT_CALLBACK.offline]: offlineSchema,
  [WKT_CALLBACK.friendRequest]: friendRequestSchema,
};

/**
 * A callback read: the event, null for what the console does not act on, or the number of a
 * known event that is out of its range, named as `data.<path>`: the route answers A0420 for it,
 * because a number no gateway sends is a broken or hostile sender, and a retry will not mend it.
 */
export type CallbackReading = { event: GatewayEvent | null } | { outOfRange: FieldError };

export function readCallback(body: unknown): CallbackReading {
  const event = parseCallback(body);
  if (event) return { event };
  // Only a body that gave no event is read again, to tell a number out of range from a kind the
  // console does not act on: the events every callback brings are parsed once.
  const outOfRange = numberOutOfRange(body);
  return outOfRange ? { outOfRange } : { event: null };
}

/** The first number of a known event's `data` outside its range, named `data.<path>`. */
function numberOutOfRange(body: unknown): FieldError | null {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return null;
  const parsed = CALLBACK_DATA_SCHEMAS[envelope.data.messageType]?.safeParse(envelope.data.data);
  const range = parsed?.error?.issues.find((issue) => issue.code === 'too_big' || issue.code === 'too_small');
  if (!range || typeof pathValue(envelope.data.data, range.path) !== 'number') return null;
  return {
    field: ['data', ...range.path.map(String)].join('.'),
    reason: range.code === 'too_big' ? 'tooBig' : 'tooSmall',
  };
}

function pathValue(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | null)?.[key];
  return value;
}

export function parseCallback(body: unknown): GatewayEvent | null {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return null;
  const { wcId, messageType, data } = envelope.data;
  switch (messageType) {
    case WKT_CALLBACK.privateText:
    case WKT_CALLBACK.privateFile:
    case WKT_CALLBACK.groupText:
    case WKT_CALLBACK.groupFile:
      return messageEvent(wcId, messageType, data);
    case WKT_CALLBACK.offline: {
      const parsed = offlineSchema.safeParse(data);
      if (!parsed.success) return null;
      return {
        kind: 'status',
        wcId,
        online: false,
        reason: dropReason(parsed.data.reason),
        at: timeOf(parsed.data.timestamp),
      };
    }
    case WKT_CALLBACK.friendRequest: {
      const parsed = friendRequestSchema.safeParse(data);
      if (!parsed.success) return null;
      const { v1, v2, scene, fromUser, nickName, timestamp } = parsed.data;
      return {
        kind: 'friendRequest',
        wcId,
        fromWcId: fromUser ?? v1,
        nickname: nickName ?? '',
        ticket: encodeTicket({ v1, v2, scene: scene ?? 0 }),
        at: timeOf(timestamp),
      };
    }
    default:
      return null;
  }
}

function messageEvent(wcId: string, messageType: string, data: Record<string, unknown>): GatewayEvent | null {
  const parsed = messageSchema.safeParse(data);
  if (!parsed.success) return null;
  const m = parsed.data;
  const self = m.self === true;
  // newMsgId is the one WKTeam tells callers to de-duplicate by; msgId repeats across accounts.
  const msgId = m.newMsgId ?? m.msgId;
  if (!msgId) return null;
  const inGroup = messageType === WKT_CALLBACK.groupText || messageType === WKT_CALLBACK.groupFile;
  if (inGroup && !m.fromGroup) return null;
  // The account's own message names the contact it went to in `toUser` (`fromUser` is the account).
  if (self && !inGroup && !m.toUser) return null;
  const peer = inGroup ? (m.fromGroup as string) : self ? (m.toUser as string) : m.fromUser;
  const isFile = messageType === WKT_CALLBACK.privateFile || messageType === WKT_CALLBACK.groupFile;
  const fileName = m.fileName ?? m.title;
  return {
    kind: 'message',
    msgId,
    wcId,
    fromWcId: peer,
    ...(inGroup ? { senderWcId: m.fromUser } : {}),
    ...(self ? { fromSelf: true } : {}),
    type: isFile ? 'file' : 'text',
    content: m.content,
    ...(isFile && fileName ? { fileName } : {}),
    at: timeOf(m.timestamp),
  };
}

/** WKTeam stamps in seconds; a value that can only be milliseconds is taken as such. */
function timeOf(stamp: number | undefined): Date {
  if (stamp === undefined) return new Date();
  return new Date(stamp > 1e12 ? stamp : stamp * 1000);
}

function dropReason(reason: string | undefined): ChatDropReason {
  return (CHAT_DROP_REASONS as readonly string[]).includes(reason ?? '') ? (reason as ChatDropReason) : 'unknown';
}

/** A friend request's WKTeam tokens, carried through the console as one opaque ticket. */
export interface FriendTicketParts {
  v1: string;
  v2: string;
  scene: number;
}

export function encodeTicket(parts: FriendTicketParts): string {
  return Buffer.from(JSON.stringify([parts.v1, parts.v2, parts.scene])).toString('base64url');
}

export function decodeTicket(ticket: string): FriendTicketParts {
  try {
    const [v1, v2, scene] = JSON.parse(Buffer.from(ticket, 'base64url').toString('utf8')) as unknown[];
    if (typeof v1 === 'string' && typeof v2 === 'string' && typeof scene === 'number') return { v1, v2, scene };
  } catch {
    // Falls through to the refusal below.
  }
  throw new GatewayError('rejected', 'not a friend-request ticket of this gateway');
}
