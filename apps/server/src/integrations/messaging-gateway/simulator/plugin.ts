import type { FastifyInstance } from 'fastify';
import { registerCustomerPage } from './customer-page';
import { registerPhonePage } from './phone-page';
import { registerQrImages } from './qr-image';
import type { GatewaySimulator } from './simulator';
import { registerWireRoutes } from './wire-routes';

/** Form posts of the pages are small; nothing else on these routes takes urlencoded bodies. */
const FORM_LIMIT = 32 * 1024;

/**
 * The simulator as the console mounts it (`/gateway-sim/`, app.ts): the wire API, the QR images,
 * the phone and customer pages and their avatars. Its routes are outside `/api`: the wire API checks the gateway
 * token itself, and the pages are reached only by their unguessable ids (WAVE2 §15.4). The timer
 * for due drops runs while the console does.
 */
export function simulatorPlugin(sim: GatewaySimulator, token: string) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    registerWireRoutes(app, sim.ctx, token);
    registerPhonePage(app, sim);
    registerQrImages(app, sim);
    registerCustomerPage(app, sim);
    registerAvatars(app);
    app.addHook('onReady', async () => sim.start());
    app.addHook('onClose', async () => sim.stop());
  };
}

/**
 * The avatars of simulated people: a coloured disc with a character, drawn from the path alone
 * (`/avatar/<hue>/<code point>.svg`), so no page or database is involved.
 */
function registerAvatars(app: FastifyInstance): void {
  app.get<{ Params: { hue: string; code: string } }>(
    '/avatar/:hue/:code',
    { config: { public: true } },
    async (request, reply) => {
      const hue = Number(request.params.hue);
      const code = Number(request.params.code.replace(/\.svg$/, ''));
      const valid =
        Number.isInteger(hue) &&
        hue >= 0 &&
        hue < 360 &&
        Number.isInteger(code) &&
        code > 32 &&
        code <= 0x10ffff &&
        !(code >= 0xd800 && code <= 0xdfff);
      if (!valid) return reply.status(404).type('text/plain; charset=utf-8').send('not found');
      // A numeric character reference: nothing from the path reaches the SVG as markup.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue},55%,55%)"/><text x="48" y="50" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle" dominant-baseline="central">&#${code};</text></svg>`;
      return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
    },
  );
}
