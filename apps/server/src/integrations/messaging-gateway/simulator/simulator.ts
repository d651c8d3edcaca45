import type { ChatDropReason } from '@agent-console/contracts';
import type { GatewayContact, GatewayErrorCode } from '../gateway';
import { dropAccount, runDueDrops } from './accounts';
import { ensureGenerated, gatewayContactOf } from './address';
import { AddressStore, type MessageRow } from './address-store';
import { CallbackSender } from './callbacks';
import type { SimContext } from './context';
import { LoginStore } from './login-store';
import { cancelLogin, confirmLogin, expireLogin, phoneOpened } from './logins';
import { type SimulatorOptions, simulatorOptions } from './options';
import {
  accountOf,
  addContact,
  customerWrites,
  friendRequest,
  phoneReplies,
  removeContact,
  type Written,
} from './people';
import type { SqlRunner } from './sql';

/** The path of the callback route the console serves (another module builds it). */
export const CALLBACK_PATH = '/api/gateway/callback';

export interface SimulatorDeps {
  sql: SqlRunner;
  /** GATEWAY_CALLBACK_SECRET: signs the callbacks. */
  callbackSecret: string;
  /** The simulator's own public address (`…/gateway-sim`), for its QR links and avatars. */
  baseUrl: () => string | undefined;
  /** The console's address, where callbacks go unless `options.callbackUrl` says otherwise. */
  consoleUrl: () => string | undefined;
  options?: Partial<SimulatorOptions>;
  logger?: { warn(details: object, message: string): void };
}

export interface SimSent {
  msgId: string;
  to: string;
  type: 'text' | 'file';
  /** The text, or the file's URL. */
  content: string;
  fileName: string | null;
  fileSize: number | null;
  at: Date;
}

export interface SimRefused extends Omit<SimSent, 'msgId' | 'fileSize'> {
  reason: GatewayErrorCode;
}

/**
 * The built-in messaging gateway (WAVE2 §15.4): the service behind the simulator's wire API and
 * pages (plugin.ts), and what the test control drives. Its state is in the `gwsim_*` tables; its
 * one timer carries out drops when they fall due.
 */
export class GatewaySimulator {
  readonly options: SimulatorOptions;
  readonly ctx: SimContext;
  private ticker: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SimulatorDeps) {
    this.options = simulatorOptions(deps.options);
    const options = this.options;
    const callbacks = new CallbackSender({
      url: () => options.callbackUrl ?? withPath(deps.consoleUrl(), CALLBACK_PATH),
      secret: deps.callbackSecret,
      retries: options.callbackRetries,
      retryMs: options.callbackRetryMs,
      timeoutMs: options.callbackTimeoutMs,
      logger: deps.logger,
    });
    this.ctx = {
      logins: new LoginStore(deps.sql),
      address: new AddressStore(deps.sql),
      options,
      callbacks,
      urlOf: (path) => `${deps.baseUrl() ?? '/gateway-sim'}/${path}`,
    };
  }

  /** Starts the timer that carries out due drops (the plugin does, once the console is ready). */
  start(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      // One pass at a time: a slow database must not pile passes up.
      this.ticking = this.ticking
        .then(() => runDueDrops(this.ctx))
        .catch((err) => {
          this.deps.logger?.warn({ err }, 'gateway simulator: due drops failed');
        });
    }, this.options.tickMs);
    this.ticker.unref();
  }

  async stop(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
    this.ctx.callbacks.close();
    await this.ticking;
  }

  // What a person does on the phone page.
  openPhone = (phoneId: string) => phoneOpened(this.ctx, phoneId);
  confirm = (phoneId: string, phoneRegion: number) => confirmLogin(this.ctx, phoneId, phoneRegion);
  cancel = (phoneId: string) => cancelLogin(this.ctx, phoneId);
  expire = (phoneId: string) => expireLogin(this.ctx, phoneId);

  // What happens to an account and its contacts.
  drop = (wcId: string, reason: ChatDropReason): Promise<boolean> => dropAccount(this.ctx, wcId, reason);
  runDueDrops = () => runDueDrops(this.ctx);
  customerWrites = (
    wcId: string,
    fromWcId: string,
    content: string,
    opts?: { msgId?: string; at?: Date },
  ): Promise<Written> => customerWrites(this.ctx, wcId, fromWcId, content, opts);
  phoneReplies = (
    wcId: string,
    toWcId: string,
    content: string,
    opts?: { msgId?: string; at?: Date },
  ): Promise<Written> => phoneReplies(this.ctx, wcId, toWcId, content, opts);
  friendRequest = (wcId: string, who: { nickname?: string; greeting?: string }) => friendRequest(this.ctx, wcId, who);
  addContact = (wcId: string, partial: Partial<GatewayContact>) => addContact(this.ctx, wcId, partial);
  removeContact = (wcId: string, contactWcId: string) => removeContact(this.ctx, wcId, contactWcId);
  /** The phone completes a started address initialisation now rather than after `initMs`. */
  finishAddressInit = (wcId: string) => this.ctx.logins.backdateInit(wcId, this.ctx.options.initMs);

  async setSendsFail(wcId: string, on: boolean): Promise<void> {
    await accountOf(this.ctx, wcId);
    await this.ctx.logins.setSendsFail(wcId, on);
  }

  account = (wcId: string) => this.ctx.logins.account(wcId);
  login = (loginId: string) => this.ctx.logins.login(loginId);

  /** The phone's address list now (generated on first sight, as the pages show it). */
  async contactsOf(wcId: string): Promise<GatewayContact[]> {
    await ensureGenerated(this.ctx, await accountOf(this.ctx, wcId));
    const rows = await this.ctx.address.contacts(wcId);
    return rows.map((row) => gatewayContactOf(this.ctx, row));
  }

  async sent(wcId: string): Promise<SimSent[]> {
    const rows = await this.ctx.address.messages(wcId, { direction: 'out', status: 'sent' });
    return rows.map((m) => ({ ...sentOf(m), msgId: m.msgId, fileSize: m.fileSize }));
  }

  async refusals(wcId: string): Promise<SimRefused[]> {
    const rows = await this.ctx.address.messages(wcId, { direction: 'out', status: 'refused' });
    return rows.map((m) => ({ ...sentOf(m), reason: (m.refusal ?? 'rejected') as GatewayErrorCode }));
  }

  async phonePageUrl(loginId: string): Promise<string> {
    const login = await this.ctx.logins.login(loginId);
    if (!login) throw new Error(`no simulated login ${loginId}`);
    return this.ctx.urlOf(`phone/${login.phoneId}`);
  }

  async customerPageUrl(wcId: string): Promise<string> {
    const account = await accountOf(this.ctx, wcId);
    return this.ctx.urlOf(`customer/${account.customerPageId}`);
  }
}

function sentOf(m: MessageRow): Omit<SimSent, 'msgId' | 'fileSize'> {
  return { to: m.peerWcId, type: m.type, content: m.content, fileName: m.fileName, at: m.at };
}

function withPath(base: string | undefined, path: string): string | undefined {
  return base ? `${base.replace(/\/+$/, '')}${path}` : undefined;
}
