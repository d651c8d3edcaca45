import type { ChatLoginState } from '@agent-console/contracts';
import type { GatewayErrorCode } from './gateway';

/**
 * A WKTeam refusal is code "1001" and a sentence; there is no machine-readable reason. These
 * patterns (its Chinese wording and the English of other gateways and of our simulator) turn the
 * sentence into a GatewayError code. The first match wins, so the narrower ones come first
 * ("发送失败：账号已离线" is `offline`, not `sendFailed`).
 */
const PATTERNS: readonly [GatewayErrorCode, RegExp][] = [
  ['fileTooLarge', /文件过大|文件太大|超过.{0,8}(大小|限制)|too large|exceeds the limit/i],
  ['tooFrequent', /频繁|过快|太快|too frequent|rate.?limit|too many/i],
  ['offline', /离线|不在线|掉线|未登录|已退出|offline|not online|not logged in|logged out/i],
  ['notFound', /不存在|未找到|找不到|not found|no such/i],
  ['sendFailed', /发送失败|send failed|could not be sent/i],
];

/** The code of a refused call; a send refused for no named reason is `sendFailed`. */
export function refusalCode(message: string, isSend: boolean): GatewayErrorCode {
  for (const [code, pattern] of PATTERNS) if (pattern.test(message)) return code;
  return isSend ? 'sendFailed' : 'rejected';
}

/** The login state a refused getIPadLoginInfo means. */
export function refusedLoginState(message: string): Exclude<ChatLoginState, 'waiting' | 'scanned' | 'confirmed'> {
  if (/过期|失效|expired/i.test(message)) return 'expired';
  if (/取消|拒绝|cancel/i.test(message)) return 'cancelled';
  if (/验证码|verif/i.test(message)) return 'needsCode';
  return 'failed';
}
