import type { GatewayContact } from '../gateway';
import { GROUP_SUFFIX, type WktAddressList, type WktContact, type WktLabel } from '../wkteam-wire';
import { requireOnline } from './accounts';
import type { ContactRow } from './address-store';
import { type SimContext, SimRefusal } from './context';
import { contactCountOf, generateContacts, generateLabels } from './generate';
import type { AccountRow } from './login-store';

/**
 * The simulated address list. It is generated once per account from the account's seed, the first
 * time the phone is asked for it, and then lives in the database: contacts added, accepted or
 * removed since stay so across re-initialisations. An initialisation takes `initMs`, reporting
 * progress evenly over it; the list can be read once it has completed.
 */
export async function ensureGenerated(ctx: SimContext, account: AccountRow): Promise<void> {
  if (account.contactsGenerated) return;
  const labels = generateLabels(account.seed);
  const count = ctx.options.contactCount ?? contactCountOf(account.seed);
  await ctx.address.insertLabels(account.wcId, labels);
  await ctx.address.insertContacts(
    account.wcId,
    generateContacts(account.seed, count, labels).map((c) => ({ ...c, source: 'generated' })),
  );
  // Two first sights at once insert the same rows (the same seed), which the table keeps once.
  await ctx.logins.markGenerated(account.wcId);
}

type InitProgress = NonNullable<WktAddressList['init']>;

export function progressOf(ctx: SimContext, account: AccountRow, now = new Date()): InitProgress | null {
  if (!account.initStartedAt) return null;
  const elapsed = now.getTime() - account.initStartedAt.getTime();
  const total = account.initTotal;
  if (elapsed >= ctx.options.initMs) return { status: 'completed', processed: total, total };
  const processed = Math.min(total, Math.floor((total * Math.max(0, elapsed)) / Math.max(1, ctx.options.initMs)));
  return { status: 'running', processed, total };
}

export async function initAddressList(ctx: SimContext, wId: string): Promise<{ init: InitProgress }> {
  const account = await requireOnline(ctx, wId);
  await ensureGenerated(ctx, account);
  const total = await ctx.address.countContacts(account.wcId);
  const now = new Date();
  await ctx.logins.startInit(account.wcId, now, total);
  const init = progressOf(ctx, { ...account, initStartedAt: now, initTotal: total }, now);
  return { init: init ?? { status: 'running', processed: 0, total } };
}

export async function addressList(ctx: SimContext, wId: string): Promise<WktAddressList> {
  const account = await requireOnline(ctx, wId);
  const init = progressOf(ctx, account);
  if (!init) throw new SimRefusal('通讯录不存在，请先初始化', 'address list not found: initialise it first');
  if (init.status !== 'completed') return { friends: [], chatrooms: [], ghs: [], init };
  const contacts = await ctx.address.contacts(account.wcId);
  const friends = contacts.filter((c) => c.type === 'friend').map((c) => c.contactWcId);
  const chatrooms = contacts.filter((c) => c.type === 'group').map((c) => c.contactWcId);
  const total = contacts.length;
  return { friends, chatrooms, ghs: [], init: { status: 'completed', processed: total, total } };
}

/** getContact: details of contacts, or of the account itself when its own wcId is asked for. */
export async function contactDetails(ctx: SimContext, wId: string, ids: string[]): Promise<WktContact[]> {
  const account = await requireOnline(ctx, wId);
  const found: WktContact[] = [];
  if (ids.includes(account.wcId)) {
    found.push({
      userName: account.wcId,
      nickName: account.nickname,
      aliasName: account.account,
      signature: account.signature ?? '',
      sex: sexOf(account.gender),
      ...(account.avatar ? { bigHead: ctx.urlOf(account.avatar), smallHead: ctx.urlOf(account.avatar) } : {}),
    });
  }
  const contacts = await ctx.address.contactsByIds(account.wcId, ids);
  for (const c of contacts) {
    found.push({
      userName: c.contactWcId,
      nickName: c.nickname,
      ...(c.account ? { aliasName: c.account } : {}),
      sex: sexOf(c.gender),
      ...(c.avatar ? { bigHead: ctx.urlOf(c.avatar), smallHead: ctx.urlOf(c.avatar) } : {}),
      labelList: c.labelIds.join(','),
    });
  }
  return found;
}

export async function labelList(ctx: SimContext, wId: string): Promise<WktLabel[]> {
  const account = await requireOnline(ctx, wId);
  await ensureGenerated(ctx, account);
  const labels = await ctx.address.labels(account.wcId);
  return labels.map((l) => ({ labelId: l.labelId, labelName: l.name }));
}

/** A contact row as the gateway interface names it (for the test control and the pages). */
export function gatewayContactOf(ctx: SimContext, c: ContactRow): GatewayContact {
  return {
    wcId: c.contactWcId,
    account: c.account,
    nickname: c.nickname,
    avatar: c.avatar ? ctx.urlOf(c.avatar) : null,
    type: c.contactWcId.endsWith(GROUP_SUFFIX) ? 'group' : c.type,
    gender: c.gender,
    labelIds: c.labelIds,
  };
}

function sexOf(gender: string): number {
  return gender === 'male' ? 1 : gender === 'female' ? 2 : 0;
}
