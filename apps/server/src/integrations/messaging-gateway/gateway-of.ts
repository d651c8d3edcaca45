import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { listenUrlOf } from '../../lib/listen-url';
import { type GatewayConfig, GatewayError, type MessagingGateway } from './gateway';
import { simulatorPlugin } from './simulator/plugin';
import { GatewaySimulator } from './simulator/simulator';
import type { SqlRunner } from './simulator/sql';
import { WkteamClient } from './wkteam-client';

/** Where the console mounts the simulator. */
export const SIMULATOR_PREFIX = '/gateway-sim';

/**
 * What the gateway needs of the console's dependencies (`AppDeps` has it; a structural type
 * because integrations/ may not import http/).
 */
export interface GatewayHost {
  database: { sql: SqlRunner };
  gateway?: GatewayConfig | undefined;
  logger?: { warn(details: object, message: string): void } | undefined;
}

/**
 * The gateway of one console: its adapter and, with the default driver, the simulator it mounts.
 * The simulator's address is the console's own until `GATEWAY_BASE_URL` says otherwise, and the
 * console's address is known only once it listens (port 0 in tests), so both are read at each call.
 */
export class GatewayRuntime {
  readonly adapter: MessagingGateway;
  readonly simulator: GatewaySimulator | undefined;
  private readonly config: GatewayConfig | undefined;
  private consoleUrl: string | undefined;

  constructor(host: GatewayHost) {
    const config = host.gateway;
    const logger = host.logger;
    this.config = config;
    this.simulator =
      config?.driver === 'simulator'
        ? new GatewaySimulator({
            sql: host.database.sql,
            callbackSecret: config.callbackSecret,
            baseUrl: () => this.baseUrl(),
            consoleUrl: () => this.consoleUrl,
            ...(config.simulator ? { options: config.simulator } : {}),
            ...(logger ? { logger } : {}),
          })
        : undefined;
    this.adapter = config
      ? new WkteamClient({
          driver: config.driver,
          baseUrl: () => this.baseUrl(),
          token: config.token,
          ...(logger ? { logger } : {}),
        })
      : unconfigured();
  }

  /** The gateway's base URL: `GATEWAY_BASE_URL`, else (simulator) the console's own `/gateway-sim`. */
  baseUrl(): string | undefined {
    if (this.config?.baseUrl) return this.config.baseUrl;
    if (this.config?.driver !== 'simulator' || !this.consoleUrl) return undefined;
    return `${this.consoleUrl}${SIMULATOR_PREFIX}`;
  }

  /** The console listens: remember where, for the simulator's address and its callbacks. */
  listening(address: AddressInfo | string | null): void {
    this.consoleUrl = listenUrlOf(address) ?? this.consoleUrl;
  }
}

const runtimes = new WeakMap<object, GatewayRuntime>();

/** The one gateway runtime of a console (per database, like the app runtime). */
export function gatewayRuntimeOf(host: GatewayHost): GatewayRuntime {
  let runtime = runtimes.get(host.database);
  if (!runtime) {
    runtime = new GatewayRuntime(host);
    runtimes.set(host.database, runtime);
  }
  return runtime;
}

/** The messaging gateway of a console: what the account, contact and message modules call. */
export function gatewayOf(host: GatewayHost): MessagingGateway {
  return gatewayRuntimeOf(host).adapter;
}

/**
 * Composition-root wiring (app.ts): mounts the simulator under `/gateway-sim` when it is the
 * driver, and tells the runtime the console's address once it listens.
 */
export async function registerGateway(app: FastifyInstance, host: GatewayHost): Promise<void> {
  const runtime = gatewayRuntimeOf(host);
  if (runtime.simulator && host.gateway) {
    await app.register(simulatorPlugin(runtime.simulator, host.gateway.token), { prefix: SIMULATOR_PREFIX });
  }
  app.addHook('onListen', async () => {
    runtime.listening(app.server.address());
  });
  // A console built again on the same database (a restart in tests) gets a runtime of its own.
  app.addHook('onClose', async () => {
    if (runtimes.get(host.database) === runtime) runtimes.delete(host.database);
  });
}

/** Without `GATEWAY_*` (API tests that reach no gateway): every call says so. */
function unconfigured(): MessagingGateway {
  const fail = async (): Promise<never> => {
    throw new GatewayError('unreachable', 'no messaging gateway is configured');
  };
  return {
    driver: 'simulator',
    requestQr: fail,
    pollLogin: fail,
    profile: fail,
    status: fail,
    startAddressInit: fail,
    addressInitProgress: fail,
    contacts: fail,
    labels: fail,
    sendText: fail,
    sendFile: fail,
    acceptFriend: fail,
    logout: fail,
  };
}
