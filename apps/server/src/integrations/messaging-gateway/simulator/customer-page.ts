import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ensureGenerated } from './address';
import type { ContactRow, MessageRow } from './address-store';
import { SimRefusal } from './context';
import { errorBox, type Html, html } from './html';
import type { AccountRow } from './login-store';
import { sendPage } from './phone-page';
import type { GatewaySimulator } from './simulator';

/**
 * The customer page, `/gateway-sim/customer/<id>` (one unguessable id per account): the people on
 * the other side. A person picks one of the account's contacts, writes as them (the console gets a
 * message callback), sends a friend request (a friend-request callback), or goes quiet; and sees
 * what the account sent that contact, including sends the gateway refused. The same chat also
 * plays the account's own phone: a reply typed there reaches the console as the account's own
 * message (`self: true`), as the real gateway reports what a person sends from the phone.
 */
const formSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('write'),
    with: z.string().min(1).max(128),
    content: z.string().trim().min(1).max(5000),
  }),
  z.object({
    action: z.literal('phoneReply'),
    with: z.string().min(1).max(128),
    content: z.string().trim().min(1).max(5000),
  }),
  z.object({
    action: z.literal('friendRequest'),
    nickname: z.string().trim().max(64).optional(),
    greeting: z.string().trim().max(200).optional(),
  }),
]);

interface Query {
  with?: string;
  error?: string;
  watch?: string;
  requested?: string;
}

export function registerCustomerPage(app: FastifyInstance, sim: GatewaySimulator): void {
  app.get<{ Params: { pageId: string }; Querystring: Query }>(
    '/customer/:pageId',
    { config: { public: true } },
    async (request, reply) => {
      const account = await sim.ctx.logins.accountByPage(request.params.pageId);
      if (!account) return sendPage(reply.status(404), 'No such page', html`<h1>No such page 页面不存在</h1>`);
      const q = request.query;
      await ensureGenerated(sim.ctx, account);
      const contacts = await sim.ctx.address.contacts(account.wcId);
      const selected = contacts.find((c) => c.contactWcId === q.with);
      const conversation = selected ? await sim.ctx.address.messages(account.wcId, { peer: selected.contactWcId }) : [];
      const pending = await sim.ctx.address.pendingRequests(account.wcId);
      const body = html`<h1>Customers of ${account.nickname} 客户视角</h1>
<p class="muted">Write to this account as one of its contacts, or ask to become its friend; to go quiet, do nothing.
以联系人的身份给该账号发消息，或申请加好友；不回复即为沉默。</p>
${account.online ? html`<p><span class="state good">Online 在线</span></p>` : html`<p class="error">This account is offline: it receives nothing now. 账号离线，暂时收不到消息。</p>`}
${errorBox(typeof q.error === 'string' ? q.error.slice(0, 300) : undefined)}
${q.requested ? html`<p class="state good">Friend request sent 好友申请已发送</p>` : ''}
${pickForm(contacts, selected)}
${selected ? chat(account, selected, conversation, q.watch === '1') : ''}
${account.online ? requestForm(pending.length) : ''}`;
      return sendPage(reply, `Customers of ${account.nickname}`, body, q.watch === '1' ? 5 : undefined);
    },
  );

  app.post<{ Params: { pageId: string } }>(
    '/customer/:pageId',
    { config: { public: true } },
    async (request, reply) => {
      const here = `./${encodeURIComponent(request.params.pageId)}`;
      const account = await sim.ctx.logins.accountByPage(request.params.pageId);
      if (!account) return reply.redirect(here, 303);
      const form = formSchema.safeParse(request.body ?? {});
      const back = (query: Record<string, string>) => reply.redirect(`${here}?${new URLSearchParams(query)}`, 303);
      if (!form.success) return back({ error: 'Write something first 请先输入内容' });
      try {
        if (form.data.action === 'write') {
          await sim.customerWrites(account.wcId, form.data.with, form.data.content);
          return back({ with: form.data.with });
        }
        if (form.data.action === 'phoneReply') {
          await sim.phoneReplies(account.wcId, form.data.with, form.data.content);
          return back({ with: form.data.with });
        }
        await sim.friendRequest(account.wcId, {
          ...(form.data.nickname ? { nickname: form.data.nickname } : {}),
          ...(form.data.greeting ? { greeting: form.data.greeting } : {}),
        });
        return back({ requested: '1' });
      } catch (err) {
        if (!(err instanceof SimRefusal)) throw err;
        return back({ error: err.message, ...('with' in form.data ? { with: form.data.with } : {}) });
      }
    },
  );
}

function pickForm(contacts: ContactRow[], selected: ContactRow | undefined): Html {
  return html`<form method="get"><label for="with">Contact 联系人 (${contacts.length})</label>
<select id="with" name="with">${contacts.map(
    (c) =>
      html`<option value="${c.contactWcId}"${c === selected ? ' selected' : ''}>${c.type === 'group' ? '👥 ' : ''}${c.nickname}</option>`,
  )}</select>
<button>Open chat 打开聊天</button></form>`;
}

function chat(account: AccountRow, contact: ContactRow, messages: MessageRow[], watching: boolean): Html {
  const link = (watch: boolean) =>
    `?${new URLSearchParams({ with: contact.contactWcId, ...(watch ? { watch: '1' } : {}) })}`;
  return html`<h2>${contact.nickname} <span class="muted">${contact.contactWcId}</span></h2>
<p class="muted"><a href="${link(!watching)}">${watching ? 'Stop refreshing 停止刷新' : 'Refresh every 5 s 每5秒刷新'}</a> · <a href="${link(false)}">Refresh now 刷新</a></p>
${messages.length ? messages.map(bubble) : html`<p class="muted">No messages yet. 暂无消息。</p>`}
${
  account.online && !watching
    ? html`<form method="post"><input type="hidden" name="action" value="write"><input type="hidden" name="with" value="${contact.contactWcId}">
<label for="content">Write as ${contact.nickname} 以该联系人身份发送</label><textarea id="content" name="content" rows="3" required></textarea>
<button>Send 发送</button></form>
<form method="post"><input type="hidden" name="action" value="phoneReply"><input type="hidden" name="with" value="${contact.contactWcId}">
<label for="phone-content">Reply from ${account.nickname}’s phone 以账号手机回复</label>
<p class="muted">Typed on the account's own phone, not sent by the console: the console pauses its agent for this contact. 在账号手机上直接回复（非控制台发送），控制台会暂停该联系人的智能体。</p>
<textarea id="phone-content" name="content" rows="2" required></textarea>
<button class="secondary">Reply from the phone 手机回复</button></form>`
    : ''
}`;
}

function bubble(m: MessageRow): Html {
  const side = m.direction === 'in' ? 'in' : m.status === 'refused' ? 'out refused' : 'out';
  const linkable = m.type === 'file' && /^https?:\/\//i.test(m.content);
  const what = linkable
    ? html`📎 <a href="${m.content}" rel="noreferrer">${m.fileName ?? m.content}</a>`
    : m.type === 'file'
      ? `📎 ${m.fileName ?? m.content}`
      : m.content;
  const note = m.status === 'refused' ? html` <span class="muted">· refused 被拒: ${m.refusal}</span>` : '';
  return html`<div class="row"><div class="msg ${side}">${what}<div class="muted">${m.at.toISOString().slice(11, 19)} UTC${note}</div></div></div>`;
}

function requestForm(pending: number): Html {
  return html`<h2>Ask to be friends 申请好友</h2>
<form method="post"><input type="hidden" name="action" value="friendRequest">
<label for="nickname">Your name 你的昵称</label><input id="nickname" name="nickname" maxlength="64" placeholder="e.g. 李女士">
<label for="greeting">Greeting 验证消息</label><input id="greeting" name="greeting" maxlength="200" placeholder="Hi, I saw your shop 你好">
<button>Send friend request 发送好友申请</button></form>
${pending ? html`<p class="muted">${pending} request(s) waiting for the account to accept. ${pending} 个申请待通过。</p>` : ''}`;
}
