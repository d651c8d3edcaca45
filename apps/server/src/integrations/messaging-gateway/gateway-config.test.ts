import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { ConfigError } from '../../lib/config-error';
import { GATEWAY_CALLBACK_SECRET_FILE, GATEWAY_TOKEN_FILE, loadGatewayConfig } from './gateway-config';
import { qrDataUrl } from './qr';

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gateway-config-'));
  dirs.push(dir);
  return dir;
}

describe('gateway settings', () => {
  it('default to the simulator, generating the token and the callback secret once into DATA_DIR', async () => {
    const dir = await dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.GATEWAY_DRIVER).toBe('simulator');
    const first = await loadGatewayConfig(env);
    expect(first).toEqual({ driver: 'simulator', token: expect.any(String), callbackSecret: expect.any(String) });
    expect(first.token.length).toBeGreaterThanOrEqual(32);
    expect(first.token).not.toBe(first.callbackSecret);
    expect((await readFile(path.join(dir, GATEWAY_TOKEN_FILE), 'utf8')).trim()).toBe(first.token);
    if (process.platform !== 'win32') {
      expect((await stat(path.join(dir, GATEWAY_CALLBACK_SECRET_FILE))).mode & 0o777).toBe(0o600);
    }
    // A restart reads the same values back.
    expect(await loadGatewayConfig(env)).toEqual(first);
  });

  it('take the values given, and the base URL without a trailing slash', async () => {
    const dir = await dataDir();
    const env = loadEnv({
      DATA_DIR: dir,
      GATEWAY_DRIVER: 'wkteam',
      GATEWAY_BASE_URL: 'http://gateway.example:8080/api/',
      GATEWAY_TOKEN: 'issued-by-wkteam',
      GATEWAY_CALLBACK_SECRET: 'shared-callback-secret',
    });
    expect(await loadGatewayConfig(env)).toEqual({
      driver: 'wkteam',
      baseUrl: 'http://gateway.example:8080/api',
      token: 'issued-by-wkteam',
      callbackSecret: 'shared-callback-secret',
    });
  });

  it('refuse to start the wkteam driver without its address and token, naming them', () => {
    expect(() => loadEnv({ GATEWAY_DRIVER: 'wkteam' })).toThrow(ConfigError);
    try {
      loadEnv({ GATEWAY_DRIVER: 'wkteam' });
    } catch (err) {
      expect((err as Error).message).toContain('GATEWAY_BASE_URL: required when GATEWAY_DRIVER=wkteam');
      expect((err as Error).message).toContain('GATEWAY_TOKEN: required when GATEWAY_DRIVER=wkteam');
    }
    expect(() => loadEnv({ GATEWAY_DRIVER: 'carrier-pigeon' })).toThrow(/GATEWAY_DRIVER/);
    expect(() => loadEnv({ GATEWAY_CALLBACK_SECRET: 'short' })).toThrow(/GATEWAY_CALLBACK_SECRET/);
  });
});

describe('qrDataUrl', () => {
  it('draws a PNG QR code, different for different text', async () => {
    const a = await qrDataUrl('http://127.0.0.1:8080/gateway-sim/phone/abc');
    const b = await qrDataUrl('http://127.0.0.1:8080/gateway-sim/phone/abd');
    expect(a).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(a.split(',')[1] as string, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    // Width and height from the IHDR chunk: the requested 240 px square.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([240, 240]);
    expect(b).not.toBe(a);
  });
});
