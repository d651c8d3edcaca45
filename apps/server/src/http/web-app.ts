import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';
import { canonicalPath, isApiPath } from './request-path';

/**
 * Serves the built web app on the API's port. Client routes (/index, /system/user, ...) fall
 * back to index.html; any request aimed at /api (however spelled) and non-GET calls that match no
 * route get the 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = !!indexFile && existsSync(indexFile);
  if (hasWeb && webDist) {
    // The built files are the public part of the console: declared public like any other route.
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), public: true };
      });
      await web.register(fastifyStatic, {
        root: path.resolve(webDist),
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Hashed asset names never change content, so they may be cached for a year.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !isApiPath(request.url) && !path.extname(canonicalPath(request.url));
    if (hasWeb && indexFile && isPage) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(createReadStream(indexFile));
    }
    return sendError(request, reply, 'A0404');
  });
}
