import { randomBytes } from 'node:crypto';
import type { AddressStore } from './address-store';
import type { CallbackSender } from './callbacks';
import type { LoginStore } from './login-store';
import type { SimulatorOptions } from './options';

/** What every part of the simulator works with. */
export interface SimContext {
  logins: LoginStore;
  address: AddressStore;
  options: SimulatorOptions;
  callbacks: CallbackSender;
  /** The absolute address of one of the simulator's own paths (`phone/…`, `avatar/…`). */
  urlOf(path: string): string;
}

/**
 * A refusal as the gateway words it: Chinese as WKTeam says it, English in brackets. The wire
 * routes answer it as code 1001 with this message, and the adapter reads the reason from the words.
 */
export class SimRefusal extends Error {
  constructor(zh: string, en: string) {
    super(`${zh} (${en})`);
    this.name = 'SimRefusal';
  }
}

export const refuse = {
  offline: () => new SimRefusal('账号已离线', 'account offline'),
  noInstance: () => new SimRefusal('登录实例不存在', 'login instance not found'),
  noContact: () => new SimRefusal('联系人不存在', 'contact not found'),
  tooFrequent: () => new SimRefusal('操作过于频繁，请稍后再试', 'too frequent, try again later'),
  sendFailed: () => new SimRefusal('消息发送失败', 'send failed'),
};

/** A message id like WKTeam's newMsgId: 19 digits, as text. */
export function newMsgId(): string {
  const n = BigInt(`0x${randomBytes(8).toString('hex')}`) % 8_999_999_999_999_999_999n;
  return String(n + 1_000_000_000_000_000_000n);
}

/** An unguessable id for a page address or a login. */
export function unguessable(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}
