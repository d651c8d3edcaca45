import { describe, expect, it } from 'vitest';
import { loadEnv, reservedPortsOf } from './env';
import { ConfigError } from './lib/config-error';

describe('app ports in the configuration', () => {
  it('default to 20000–32767 and reserve the console’s port and those of the services it reaches', () => {
    const env = loadEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db.local/console',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      GATEWAY_DRIVER: 'wkteam',
      GATEWAY_BASE_URL: 'https://gateway.example/api',
      GATEWAY_TOKEN: 'token',
      APP_RESERVED_PORTS: '25000,25001',
    });
    expect(env.APP_PORTS).toEqual({ min: 20_000, max: 32_767 });
    expect(reservedPortsOf(env)).toEqual([443, 5432, 8080, 11434, 25000, 25001]);
    expect(reservedPortsOf(loadEnv({ PORT: '0' }))).toEqual([]);
  });

  it('take a range inside 1024–65535 and stop the start naming the variable otherwise', () => {
    expect(loadEnv({ APP_PORTS: '1024-65535' }).APP_PORTS).toEqual({ min: 1024, max: 65535 });
    for (const bad of ['80-9000', '30000-20000', '20000', '20000-70000', 'a-b']) {
      expect(() => loadEnv({ APP_PORTS: bad }), bad).toThrow(ConfigError);
      expect(() => loadEnv({ APP_PORTS: bad }), bad).toThrow(/APP_PORTS/);
    }
    expect(() => loadEnv({ APP_RESERVED_PORTS: '5000;5001' })).toThrow(/APP_RESERVED_PORTS/);
  });
});
