import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SimRefusal } from './context';
import { errorBox, type Html, html, page } from './html';
import type { AccountRow, LoginRow } from './login-store';
import { PROVINCES, provinceName } from './regions';
import type { GatewaySimulator } from './simulator';

/**
 * The phone page, `/gateway-sim/phone/<id>`: what the QR code opens. Opening it is the scan; the
 * person picks the phone's province and confirms, cancels, or lets the code expire at once. Once
 * logged in, the same page is the phone's settings: log out on the phone, have the first-day drop
 * now, or make sends fail while the account stays online.
 */
const actionSchema = z.object({
  action: z.enum(['confirm', 'cancel', 'expire', 'logout', 'firstDayDrop', 'sendsFail']),
  province: z.coerce.number().int().optional(),
  on: z.enum(['on', 'off']).optional(),
});

export function registerPhonePage(app: FastifyInstance, sim: GatewaySimulator): void {
  app.get<{ Params: { phoneId: string }; Querystring: { error?: string } }>(
    '/phone/:phoneId',
    { config: { public: true } },
    async (request, reply) => {
      const login = await sim.openPhone(request.params.phoneId);
      if (!login) return sendPage(reply.status(404), 'No such login', html`<h1>No such login 无此登录</h1>`);
      const account = login.wcId ? await sim.account(login.wcId) : undefined;
      const error = typeof request.query.error === 'string' ? request.query.error.slice(0, 300) : undefined;
      return sendPage(
        reply,
        'Simulated phone 模拟手机',
        phoneBody(login, account, error, sim),
        refreshOf(login, account),
      );
    },
  );

  app.post<{ Params: { phoneId: string } }>('/phone/:phoneId', { config: { public: true } }, async (request, reply) => {
    const { phoneId } = request.params;
    const here = `./${encodeURIComponent(phoneId)}`;
    const form = actionSchema.safeParse(request.body ?? {});
    if (!form.success) return reply.redirect(`${here}?error=${encodeURIComponent('Choose an action 请选择操作')}`, 303);
    try {
      await act(sim, phoneId, form.data);
    } catch (err) {
      if (!(err instanceof SimRefusal)) throw err;
      return reply.redirect(`${here}?error=${encodeURIComponent(err.message)}`, 303);
    }
    return reply.redirect(here, 303);
  });
}

async function act(sim: GatewaySimulator, phoneId: string, form: z.infer<typeof actionSchema>): Promise<void> {
  if (form.action === 'confirm') {
    await sim.confirm(phoneId, form.province ?? 0);
    return;
  }
  if (form.action === 'cancel') return sim.cancel(phoneId);
  if (form.action === 'expire') return sim.expire(phoneId);
  const login = await sim.openPhone(phoneId);
  if (!login?.wcId) throw new SimRefusal('尚未登录', 'not logged in yet');
  if (form.action === 'sendsFail') return sim.setSendsFail(login.wcId, form.on === 'on');
  await sim.drop(login.wcId, form.action === 'logout' ? 'loggedOutOnPhone' : 'firstDayDrop');
}

/** Pending logins refresh when they expire; online accounts now and then, to show a drop. */
function refreshOf(login: LoginRow, account: AccountRow | undefined): number | undefined {
  if (login.state === 'waiting' || login.state === 'scanned') {
    return Math.min(30, Math.max(1, Math.ceil((login.expiresAt.getTime() - Date.now()) / 1000) + 1));
  }
  return account?.online ? 10 : undefined;
}

function phoneBody(
  login: LoginRow,
  account: AccountRow | undefined,
  error: string | undefined,
  sim: GatewaySimulator,
): Html {
  const header = html`<h1>Simulated phone 模拟手机</h1>
<p class="muted">This page stands in for the phone that scans the console's QR code. 本页模拟扫码的手机。</p>${errorBox(error)}`;
  if (login.state === 'waiting' || login.state === 'scanned') return html`${header}${pendingBody(login)}`;
  if (login.state === 'expired') {
    return html`${header}<p><span class="state bad">QR code expired 二维码已过期</span></p>
<p>Get a new QR code in the console. 请在控制台重新获取二维码。</p>`;
  }
  if (login.state === 'cancelled') {
    return html`${header}<p><span class="state bad">Login cancelled 已取消登录</span></p>`;
  }
  return html`${header}${account ? accountBody(login, account, sim) : ''}`;
}

function pendingBody(login: LoginRow): Html {
  const seconds = Math.max(0, Math.ceil((login.expiresAt.getTime() - Date.now()) / 1000));
  return html`<p><span class="state">Scanned 已扫码</span> <span class="muted">expires in ${seconds} s · ${seconds} 秒后过期</span></p>
<p>Log in to an iPad through a proxy in <strong>${provinceName(login.region)}</strong>?
${login.previousWcId ? html`This logs in account <code>${login.previousWcId}</code> again. 重新登录该账号。` : 'A new account logs in. 新账号登录。'}</p>
<form method="post">
<label for="province">Province of this phone 手机所在省份</label>
<select id="province" name="province">${PROVINCES.map(
    ([code, en, zh]) => html`<option value="${code}"${code === login.region ? ' selected' : ''}>${en} ${zh}</option>`,
  )}</select>
<p class="muted">A province other than the proxy region logs in, then drops seconds later. 省份与代理地区不一致会在几秒后掉线。</p>
<button name="action" value="confirm">Confirm login 确认登录</button>
<button name="action" value="cancel" class="secondary">Cancel 取消</button>
<button name="action" value="expire" class="secondary">Let it expire now 立即过期</button>
</form>`;
}

function accountBody(login: LoginRow, account: AccountRow, sim: GatewaySimulator): Html {
  const mismatch = login.phoneRegion !== null && login.phoneRegion !== login.region;
  const status = account.online
    ? html`<span class="state good">Online 在线</span>`
    : html`<span class="state bad">Offline 离线 · ${account.offlineReason ?? 'unknown'}</span>`;
  const current = account.wId === login.id;
  return html`<p><span class="state good">Logged in 已登录</span> as <strong>${account.nickname}</strong> <code>${account.wcId}</code></p>
<p>${current ? status : html`<span class="muted">This login was replaced by a later one. 此登录已被新的登录取代。</span>`}</p>
<p class="muted">Phone in ${provinceName(login.phoneRegion)} · proxy region ${provinceName(login.region)}
手机所在地 / 代理地区</p>
${mismatch && account.online && account.dropReason === 'regionMismatch' ? html`<p class="error">The phone is in ${provinceName(login.phoneRegion)} but the proxy is in ${provinceName(login.region)}: this login drops in a few seconds. 地区不一致，即将掉线。</p>` : ''}
<p><a href="${sim.ctx.urlOf(`customer/${account.customerPageId}`)}">Customer page 客户页面</a>: write to this account as one of its contacts.</p>
${
  current && account.online
    ? html`<h2>On the phone 手机操作</h2><form method="post">
<button name="action" value="logout" class="danger">Log out on the phone 在手机上退出</button>
<button name="action" value="firstDayDrop" class="secondary">First-day drop now 立即首日掉线</button>
</form>
<form method="post"><input type="hidden" name="on" value="${account.sendsFail ? 'off' : 'on'}">
<button name="action" value="sendsFail" class="secondary">${account.sendsFail ? 'Let sends through again 恢复发送' : 'Make sends fail (stays online) 发送失败模式'}</button>
</form>`
    : ''
}`;
}

export function sendPage(reply: FastifyReply, title: string, body: Html, refreshSeconds?: number) {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page(title, body, refreshSeconds ? { refreshSeconds } : {}));
}
