import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Callbacks are signed (WAVE2 §15.4): `x-gateway-timestamp` is the sending time in milliseconds
 * and `x-gateway-signature` is `sha256=` + the hex HMAC-SHA256 of `<timestamp>.<raw body>` under
 * `GATEWAY_CALLBACK_SECRET`. The timestamp is signed too, so an old callback cannot be replayed
 * after the window.
 */
export const SIGNATURE_HEADER = 'x-gateway-signature';
export const TIMESTAMP_HEADER = 'x-gateway-timestamp';
/** How far a callback's timestamp may be from now. */
export const CALLBACK_WINDOW_MS = 5 * 60 * 1000;

export function signCallback(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Whether the headers carry a valid, fresh signature of the body. */
export function verifyCallback(
  secret: string,
  headers: { signature?: string | undefined; timestamp?: string | undefined },
  rawBody: string,
  now = Date.now(),
): boolean {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,16}$/.test(timestamp)) return false;
  const at = Number(timestamp);
  if (Math.abs(now - at) > CALLBACK_WINDOW_MS) return false;
  const expected = Buffer.from(signCallback(secret, at, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
