import type { ServerResponse } from 'node:http';
import { type HttpPeer, startHttpPeer } from '@agent-console/server/test/fixtures/http-peer';
import { rejectionOf } from '@agent-console/server/test/fixtures/rejection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from './gateway';
import { fetchQrImage, QR_IMAGE_MAX_BYTES, qrPng } from './qr';

/** A gateway's image host: each path answers one way a QR image can come back. */
let host: HttpPeer;
let png: Buffer;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const OVERSIZE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(QR_IMAGE_MAX_BYTES),
]);

function send(res: ServerResponse, type: string | null, body: Buffer | string, status = 200): void {
  res.statusCode = status;
  if (type) res.setHeader('content-type', type);
  res.end(body);
}

beforeAll(async () => {
  png = await qrPng('weixin://qr/abc');
  host = await startHttpPeer((r, res) => {
    if (r.url === '/png') return send(res, 'image/png', png);
    if (r.url === '/jpeg') return send(res, 'image/jpeg', JPEG);
    if (r.url === '/gif-untyped') return send(res, null, GIF);
    if (r.url === '/octet') return send(res, 'application/octet-stream', png);
    if (r.url === '/html') return send(res, 'text/html; charset=utf-8', '<html>login expired</html>');
    if (r.url === '/liar') return send(res, 'image/png', 'not a picture at all');
    if (r.url === '/big-declared') return send(res, 'image/png', OVERSIZE);
    if (r.url === '/big-chunked') {
      // No declared length: the limit has to be counted while reading.
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      res.write(OVERSIZE.subarray(0, 512 * 1024));
      res.end(OVERSIZE.subarray(512 * 1024));
      return;
    }
    if (r.url === '/silent') return; // never answers
    send(res, 'text/plain', 'not found', 404);
  });
});
afterAll(() => host.close());

const failure = (url: string, limits?: { timeoutMs?: number }) =>
  rejectionOf(fetchQrImage(url, limits), GatewayError, `expected ${url} to be refused`);

describe('fetchQrImage', () => {
  it('answers the image as a data URL of the type its bytes show, whatever the header says', async () => {
    expect(await fetchQrImage(`${host.url}/png`)).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(await fetchQrImage(`${host.url}/octet`)).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(await fetchQrImage(`${host.url}/jpeg`)).toBe(`data:image/jpeg;base64,${JPEG.toString('base64')}`);
    expect(await fetchQrImage(`${host.url}/gif-untyped`)).toBe(`data:image/gif;base64,${GIF.toString('base64')}`);
    // Fetched without the gateway's token.
    expect(host.received.find((r) => r.url === '/png')?.headers.authorization).toBeUndefined();
  });

  it('refuses what is not a PNG, JPEG or GIF, an error answer, and an image over the limit', async () => {
    for (const [path, words] of [
      ['/html', 'not an image (text/html)'],
      ['/liar', 'not a PNG, JPEG or GIF'],
      ['/missing', 'HTTP 404'],
      ['/big-declared', 'too large'],
      ['/big-chunked', 'too large'],
    ] as const) {
      const err = await failure(`${host.url}${path}`);
      expect(err.code, path).toBe('rejected');
      expect(err.message, path).toContain(words);
    }
  });

  it('refuses an address that is not http(s), a host that is not there, and one that never answers', async () => {
    expect((await failure('file:///etc/passwd')).code).toBe('rejected');
    const gone = await startHttpPeer();
    await gone.close();
    expect((await failure(`${gone.url}/png`)).code).toBe('unreachable');
    const silent = await failure(`${host.url}/silent`, { timeoutMs: 200 });
    expect(silent).toMatchObject({ code: 'unreachable', message: expect.stringContaining('no answer in time') });
  });
});
