import path from 'node:path';
import { readOrCreateKeyFile } from '../../lib/secret-box';
import type { GatewayConfig, GatewayDriverName } from './gateway';

/** Where the generated gateway secrets live inside DATA_DIR when the settings leave them unset. */
export const GATEWAY_TOKEN_FILE = 'gateway.token';
export const GATEWAY_CALLBACK_SECRET_FILE = 'gateway-callback.secret';

export interface GatewaySettings {
  GATEWAY_DRIVER: GatewayDriverName;
  GATEWAY_BASE_URL?: string | undefined;
  GATEWAY_TOKEN?: string | undefined;
  GATEWAY_CALLBACK_SECRET?: string | undefined;
  dataDir: string;
}

/**
 * The gateway settings of this installation (`GATEWAY_*`, WAVE2 §1.7 and §15.4). The token and
 * the callback secret are generated once and kept in DATA_DIR (mode 0600) when unset, like
 * `secret.key`, so the default setup — the built-in simulator — needs none; several instances
 * sharing one PostgreSQL must be given the same values. env.ts has already required the base URL
 * and the token for `wkteam`, whose token is the one WKTeam issued.
 */
export async function loadGatewayConfig(settings: GatewaySettings): Promise<GatewayConfig> {
  const token = settings.GATEWAY_TOKEN ?? (await readOrCreateKeyFile(path.join(settings.dataDir, GATEWAY_TOKEN_FILE)));
  const callbackSecret =
    settings.GATEWAY_CALLBACK_SECRET ??
    (await readOrCreateKeyFile(path.join(settings.dataDir, GATEWAY_CALLBACK_SECRET_FILE)));
  return {
    driver: settings.GATEWAY_DRIVER,
    ...(settings.GATEWAY_BASE_URL ? { baseUrl: settings.GATEWAY_BASE_URL.replace(/\/+$/, '') } : {}),
    token,
    callbackSecret,
  };
}
