import type { FastifyInstance } from 'fastify';
import { qrPng } from '../qr';
import type { GatewaySimulator } from './simulator';

/**
 * The QR images, `/gateway-sim/qr/<phone id>.png`: what `iPadLogin` answers as `qrCodeUrl`, a PNG
 * of the login's phone-page address, as WKTeam answers the address of an image. The console
 * fetches it like the real gateway's, so one code path serves both. The id is the phone page's
 * unguessable one (the image reveals that page anyway); fetching the image is not a scan.
 */
export function registerQrImages(app: FastifyInstance, sim: GatewaySimulator): void {
  app.get<{ Params: { file: string } }>('/qr/:file', { config: { public: true } }, async (request, reply) => {
    const phoneId = /^([\w-]{1,64})\.png$/.exec(request.params.file)?.[1];
    const login = phoneId ? await sim.ctx.logins.loginByPhone(phoneId) : undefined;
    if (!(phoneId && login)) return reply.status(404).type('text/plain; charset=utf-8').send('not found');
    const png = await qrPng(sim.ctx.urlOf(`phone/${phoneId}`));
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('image/png')
      .send(png);
  });
}
