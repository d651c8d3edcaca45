import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { createSecretBox, loadSecretBox, SECRET_KEY_FILE, SecretBoxError } from './secret-box';

const KEY_A = 'a-key-of-more-than-thirty-two-characters-A';
const KEY_B = 'a-key-of-more-than-thirty-two-characters-B';

function failure(fn: () => unknown): SecretBoxError {
  try {
    fn();
  } catch (err) {
    if (err instanceof SecretBoxError) return err;
    throw err;
  }
  throw new Error('expected a SecretBoxError');
}

describe('secret box', () => {
  it('seals and opens text, with a fresh nonce each time and no plaintext in the sealed form', () => {
    const box = createSecretBox(KEY_A);
    const secret = 'pässwörd 密码 🔑';
    const one = box.seal(secret, 'mail.password');
    const two = box.seal(secret, 'mail.password');
    expect(one).not.toBe(two);
    expect(one).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(one).not.toContain('pässwörd');
    expect(Buffer.from(one.split('.')[3] ?? '', 'base64url').toString('utf8')).not.toContain('pässwörd');
    expect(box.open(one, 'mail.password')).toBe(secret);
    expect(box.open(two, 'mail.password')).toBe(secret);
    expect(box.open(box.seal('', 'x'), 'x')).toBe('');
  });

  it('says "wrong key" for a value sealed under another key, never returning garbage', () => {
    const sealed = createSecretBox(KEY_A).seal('hunter2-hunter2', 'mail.password');
    const err = failure(() => createSecretBox(KEY_B).open(sealed, 'mail.password'));
    expect(err.reason).toBe('wrongKey');
    expect(err.message).toMatch(/different key/);
    // The same text gives the same key: a restart with the same SECRET_KEY opens it.
    expect(createSecretBox(KEY_A).open(sealed, 'mail.password')).toBe('hunter2-hunter2');
    expect(createSecretBox(KEY_A).keyId).toBe(createSecretBox(KEY_A).keyId);
    expect(createSecretBox(KEY_A).keyId).not.toBe(createSecretBox(KEY_B).keyId);
  });

  it('refuses an altered value, a value of another purpose, foreign text and unknown versions', () => {
    const box = createSecretBox(KEY_A);
    const sealed = box.seal('top secret value', 'mail.password');
    const [v, kid, iv, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(failure(() => box.open([v, kid, iv, flipped.toString('base64url')].join('.'), 'mail.password')).reason).toBe(
      'tampered',
    );
    expect(failure(() => box.open(sealed, 'app.key')).reason).toBe('tampered');
    expect(failure(() => box.open('plain text password', 'mail.password')).reason).toBe('malformed');
    expect(failure(() => box.open(`${v}.${kid}.${iv}`, 'mail.password')).reason).toBe('malformed');
    expect(failure(() => box.open(`${v}.${kid}.AAAA.${body}`, 'mail.password')).reason).toBe('malformed');
    expect(failure(() => box.open(['v9', kid, iv, body].join('.'), 'mail.password')).reason).toBe('unsupportedVersion');
  });

  it('refuses a key text shorter than 32 characters', () => {
    expect(() => createSecretBox('short')).toThrow(ConfigError);
  });
});

describe('loading the key', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'secret-box-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('generates a key once into DATA_DIR (mode 0600) and reuses it on the next start', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const first = await loadSecretBox({ dataDir });
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const sealed = first.seal('kept across restarts', 'mail.password');
    const second = await loadSecretBox({ dataDir });
    expect(second.keyId).toBe(first.keyId);
    expect(second.open(sealed, 'mail.password')).toBe('kept across restarts');
    // The file's content is a valid SECRET_KEY: moving it to the environment keeps the values.
    const content = (await readFile(file, 'utf8')).trim();
    expect(createSecretBox(content).open(sealed, 'mail.password')).toBe('kept across restarts');
  });

  it('two processes starting at once end with one key', async () => {
    const dataDir = await tempDir();
    const boxes = await Promise.all([1, 2, 3, 4].map(() => loadSecretBox({ dataDir })));
    expect(new Set(boxes.map((b) => b.keyId)).size).toBe(1);
  });

  it('SECRET_KEY wins over the file and writes nothing', async () => {
    const dataDir = await tempDir();
    const box = await loadSecretBox({ secretKey: KEY_A, dataDir });
    expect(box.keyId).toBe(createSecretBox(KEY_A).keyId);
    await expect(stat(path.join(dataDir, SECRET_KEY_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('tightens a key file readable by others and refuses a file that holds no key', async () => {
    const dataDir = await tempDir();
    const file = path.join(dataDir, SECRET_KEY_FILE);
    await writeFile(file, `${KEY_A}\n`);
    await chmod(file, 0o644);
    expect((await loadSecretBox({ dataDir })).keyId).toBe(createSecretBox(KEY_A).keyId);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await writeFile(file, 'too short');
    await expect(loadSecretBox({ dataDir })).rejects.toThrow(/does not hold a secret key/);
  });
});
