import http from 'node:http';
import { freePort } from '@agent-console/server/test/child-server';

/**
 * Some other website on an origin of its own (a loopback port), serving one page for every path:
 * what a page of a console customer's website is in the CORS and widget tests. The body is read
 * on each request, so a test may set what the page holds after the origin is known.
 */
export async function website(body: () => string): Promise<{ origin: string; close(): void }> {
  const port = await freePort();
  const server = http.createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">' +
          `<title>Shop</title></head><body>${body()}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}
