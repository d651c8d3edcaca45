import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from './config-error';

/**
 * Small secrets kept at rest (the SMTP password), sealed with AES-256-GCM.
 *
 * Sealed text is `v1.<key id>.<iv>.<ciphertext and tag>` (base64url parts). The version lets a
 * later format or algorithm be added without breaking stored values; the key id (an HMAC of the
 * key, which says nothing about it) tells "sealed under another key" apart from "damaged", so a
 * changed `SECRET_KEY` gives a clear error instead of garbage. Each value is bound to a purpose
 * (GCM additional data), so a value sealed for one field cannot be pasted into another.
 */
export interface SecretBox {
  /** Identifies the key (not secret); stored values carry it. */
  readonly keyId: string;
  seal(plain: string, purpose: string): string;
  /** Throws SecretBoxError when the value is not ours, was sealed under another key or was altered. */
  open(sealed: string, purpose: string): string;
}

export type SecretBoxFailure = 'malformed' | 'unsupportedVersion' | 'wrongKey' | 'tampered';

export class SecretBoxError extends Error {
  constructor(
    readonly reason: SecretBoxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A key given as text must carry at least this many characters (a base64 of 32 random bytes has 44). */
export const SECRET_KEY_MIN_LENGTH = 32;
/** Where the generated key lives inside DATA_DIR when SECRET_KEY is not set. */
export const SECRET_KEY_FILE = 'secret.key';

/**
 * A box over a key given as text (SECRET_KEY, or the generated file's content). The text is
 * stretched with HKDF so a passphrase of any shape becomes a uniform 256-bit key.
 */
export function createSecretBox(secret: string): SecretBox {
  if (secret.length < SECRET_KEY_MIN_LENGTH) {
    throw new ConfigError(`SECRET_KEY must have at least ${SECRET_KEY_MIN_LENGTH} characters`);
  }
  const key = Buffer.from(hkdfSync('sha256', secret, 'agent-console/secret-box', `${VERSION} aes-256-gcm`, 32));
  const keyId = createHmac('sha256', key).update('key id').digest('base64url').slice(0, 11);
  const aad = (purpose: string) => Buffer.from(`${VERSION}.${keyId}.${purpose}`);

  return {
    keyId,
    seal(plain, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, keyId, iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, purpose) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) {
        throw new SecretBoxError('malformed', 'not a sealed secret');
      }
      const [version, sealedKeyId, ivText, bodyText] = parts as [string, string, string, string];
      if (version !== VERSION) {
        throw new SecretBoxError('unsupportedVersion', `sealed secret of unknown version "${version.slice(0, 8)}"`);
      }
      if (sealedKeyId !== keyId) {
        throw new SecretBoxError(
          'wrongKey',
          'sealed under a different key: SECRET_KEY (or the generated key file) changed since it was stored',
        );
      }
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
        throw new SecretBoxError('malformed', 'not a sealed secret');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(aad(purpose));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError('tampered', 'sealed secret was altered or belongs to another field');
      }
    },
  };
}

/**
 * The box of this installation: `SECRET_KEY` when set; otherwise a key generated once and kept in
 * `DATA_DIR/secret.key` (mode 0600), so a single instance needs no setup. Several instances
 * sharing one PostgreSQL must share the key: set SECRET_KEY (the file's content will do).
 */
export async function loadSecretBox(options: { secretKey?: string | undefined; dataDir: string }): Promise<SecretBox> {
  if (options.secretKey) return createSecretBox(options.secretKey);
  return createSecretBox(await readOrCreateKeyFile(path.join(options.dataDir, SECRET_KEY_FILE)));
}

/** The secret kept in `file`, generated (32 random bytes, mode 0600) if the file does not exist yet. */
export async function readOrCreateKeyFile(file: string): Promise<string> {
  const existing = await readKeyFile(file);
  if (existing !== undefined) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  // Written whole under a temporary name, then linked into place: a second process starting at
  // the same moment either wins the link or reads the complete file the first one made.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  const created = await readKeyFile(file);
  if (created === undefined) throw new ConfigError(`${file}: the generated secret key could not be read back`);
  return created;
}

async function readKeyFile(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const key = text.trim();
  if (key.length < SECRET_KEY_MIN_LENGTH) {
    throw new ConfigError(`${file} does not hold a secret key (at least ${SECRET_KEY_MIN_LENGTH} characters)`);
  }
  // Only the owner may read the key; a copy restored with looser rights is tightened again.
  if (process.platform !== 'win32' && ((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return key;
}
