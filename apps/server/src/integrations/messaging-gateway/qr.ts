import QRCode from 'qrcode';
import { GatewayError } from './gateway';

/** How the console and the simulator draw a QR code: pure JS (`qrcode`), a 240-pixel PNG. */
const DRAWING = { errorCorrectionLevel: 'M', margin: 2, width: 240 } as const;

/** A QR code of `text` as a PNG data URL. */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, DRAWING);
}

/** A QR code of `text` as PNG bytes (the simulator serves these as its `qrCodeUrl`). */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...DRAWING, type: 'png' });
}

/** A QR image is a few kilobytes; anything near this is not one. */
export const QR_IMAGE_MAX_BYTES = 1024 * 1024;
export const QR_IMAGE_TIMEOUT_MS = 10_000;

/** The image types the dialog can show, known by their first bytes rather than by what the server says. */
const SIGNATURES: readonly { mime: string; bytes: readonly number[] }[] = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', bytes: [...Buffer.from('GIF87a')] },
  { mime: 'image/gif', bytes: [...Buffer.from('GIF89a')] },
];

/**
 * The gateway's QR image (`QrLogin.qrImageUrl`) as a data URL for the login dialog. The server
 * fetches it because the console's CSP allows only `data:` images and the browser is never to
 * contact the gateway. No token goes with it (the address is the gateway's unguessable link), and
 * what comes back must be a PNG, JPEG or GIF of at most `maxBytes` within `timeoutMs`; anything
 * else is a GatewayError, so the caller's "QR code generation failed" covers it.
 */
export async function fetchQrImage(
  url: string,
  limits: { maxBytes?: number; timeoutMs?: number } = {},
): Promise<string> {
  const maxBytes = limits.maxBytes ?? QR_IMAGE_MAX_BYTES;
  if (!/^https?:\/\//i.test(url)) throw new GatewayError('rejected', 'the QR image address is not http(s)');
  const signal = AbortSignal.timeout(limits.timeoutMs ?? QR_IMAGE_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'image/png, image/jpeg, image/gif' } });
  } catch (err) {
    throw unreachable(signal, err);
  }
  const body = response.body;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const refusal = !response.ok
    ? `the QR image answered HTTP ${response.status}`
    : !body
      ? 'the QR image answered nothing'
      : type && !type.startsWith('image/') && type !== 'application/octet-stream'
        ? `the QR image is not an image (${type})`
        : declared > maxBytes
          ? `the QR image is too large (${declared} bytes)`
          : undefined;
  if (refusal || !body) {
    await body?.cancel().catch(() => undefined);
    throw new GatewayError('rejected', refusal ?? 'the QR image answered nothing');
  }
  const bytes = await readAtMost(body, maxBytes, signal);
  const mime = SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b))?.mime;
  if (!mime) throw new GatewayError('rejected', 'the QR image is not a PNG, JPEG or GIF image');
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

/** Reads a body, giving up as soon as it is over the limit (a length not declared is not trusted). */
async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new GatewayError('rejected', `the QR image is too large (over ${maxBytes} bytes)`);
      }
      parts.push(part.value);
    }
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    throw unreachable(signal, err);
  }
  return Buffer.concat(parts);
}

function unreachable(signal: AbortSignal, err: unknown): GatewayError {
  const why = signal.aborted ? 'no answer in time' : err instanceof Error ? err.message : String(err);
  return new GatewayError('unreachable', `the QR image could not be fetched: ${why}`);
}
