import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { WKT_FAILURE, WKT_SUCCESS, type WktEndpoint, type WktRequest, wktRequests } from '../wkteam-wire';
import { dropAccount, isOnline, requireOnline } from './accounts';
import { addressList, contactDetails, initAddressList, labelList } from './address';
import { type SimContext, SimRefusal } from './context';
import { loginInfo, requestQr } from './logins';
import { acceptUser } from './people';
import { sendFile, sendText } from './sends';

/**
 * The simulator's wire API: exactly the calls the `wkteam` adapter makes (wkteam-wire.ts), each
 * `POST /<endpoint>` with the token in `Authorization`. A call without the token is refused with
 * HTTP 401; a refusal is code 1001 with the gateway's sentence, as WKTeam answers.
 */
type Handler<E extends WktEndpoint> = (ctx: SimContext, body: WktRequest<E>) => Promise<unknown>;

const HANDLERS: { [E in WktEndpoint]: Handler<E> } = {
  iPadLogin: (ctx, b) => requestQr(ctx, b.proxy, b.wcId),
  getIPadLoginInfo: (ctx, b) => loginInfo(ctx, b.wId),
  queryLoginWx: (ctx) => ctx.logins.instances(),
  isOnline: (ctx, b) => isOnline(ctx, b.wId),
  getContact: (ctx, b) => {
    const ids = [
      ...new Set(
        b.wcId
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length > 20) throw new SimRefusal('一次最多查询20个联系人', 'at most 20 wcIds a call');
    return contactDetails(ctx, b.wId, ids);
  },
  initAddressList: (ctx, b) => initAddressList(ctx, b.wId),
  getAddressList: (ctx, b) => addressList(ctx, b.wId),
  getContactLabelList: (ctx, b) => labelList(ctx, b.wId),
  sendText: (ctx, b) => sendText(ctx, b.wId, b.wcId, b.content),
  sendFile: (ctx, b) => sendFile(ctx, b.wId, b.wcId, b.path, b.fileName),
  acceptUser: async (ctx, b) => {
    await acceptUser(ctx, b.wId, b.v1, b.v2);
    return null;
  },
  logout: async (ctx, b) => {
    const account = await requireOnline(ctx, b.wId);
    await dropAccount(ctx, account.wcId, 'removed');
    return null;
  },
};

export function registerWireRoutes(app: FastifyInstance, ctx: SimContext, token: string): void {
  const expected = digest(token);
  for (const endpoint of Object.keys(HANDLERS) as WktEndpoint[]) {
    app.post(`/${endpoint}`, { config: { public: true } }, async (request, reply) => {
      const given = request.headers.authorization;
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        return answer(reply.status(401), WKT_FAILURE, 'Authorization 无效 (invalid token)', null);
      }
      const parsed = wktRequests[endpoint].safeParse(request.body ?? {});
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join('.') || 'body';
        return answer(reply, WKT_FAILURE, `参数错误 (bad parameter: ${field})`, null);
      }
      try {
        const handler = HANDLERS[endpoint] as Handler<WktEndpoint>;
        return answer(reply, WKT_SUCCESS, '处理成功', (await handler(ctx, parsed.data)) ?? null);
      } catch (err) {
        if (err instanceof SimRefusal) return answer(reply, WKT_FAILURE, err.message, null);
        throw err;
      }
    });
  }
}

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function answer(reply: FastifyReply, code: string, message: string, data: unknown) {
  return reply.type('application/json; charset=utf-8').send({ code, message, data });
}
