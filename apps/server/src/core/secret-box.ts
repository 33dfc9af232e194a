import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Small secrets kept at rest (a practice-management system's customer key) sealed with AES-256-GCM.
 * A sealed value reads `v1:<iv>:<tag>:<ciphertext>`, each part base64url: the version names the
 * algorithm and key, so a later key can be introduced as v2 while v1 values are still opened.
 * The optional context (e.g. the id of the row the secret belongs to) is authenticated with it,
 * so a sealed value copied onto another row does not open there.
 */
export interface SecretBox {
  /** Whether a key is set: without one, seal and open throw a SecretBoxError naming the setting. */
  readonly ready: boolean;
  seal(plain: string, context?: string): string;
  open(sealed: string, context?: string): string;
}

/** Why a secret could not be sealed or opened; the message names the setting, never a secret. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const HOW = 'use 32 random bytes as base64 or hex, e.g. `openssl rand -base64 32`';

/** The 32-byte key from its text form: base64 (or base64url) of 32 bytes, or 64 hex digits. */
export function parseSecretKey(text: string, name = 'PMS_SECRET_KEY'): Buffer {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)
      ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!key || key.length !== KEY_BYTES) throw new SecretBoxError(`${name} must be a 32-byte key: ${HOW} (it is ${key ? `${String(key.length)} bytes` : 'neither base64 nor hex'})`);
  return key;
}

/**
 * A box for the key in `keyText` (config.pmsSecretKey). Without a key the box still exists, so the
 * app starts; sealing or opening then says which setting is missing.
 */
export function createSecretBox(keyText: string | undefined, name = 'PMS_SECRET_KEY'): SecretBox {
  const key = keyText === undefined || keyText.trim() === '' ? null : parseSecretKey(keyText, name);
  const keyOrFail = () => {
    if (!key) throw new SecretBoxError(`${name} is not set: ${HOW}. It encrypts the keys of practice-management connections.`);
    return key;
  };
  return {
    ready: key !== null,
    seal(plain, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyOrFail(), iv);
      cipher.setAAD(Buffer.from(`${VERSION}:${context}`, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
    },
    open(sealed, context = '') {
      const [version, iv, tag, ciphertext, ...extra] = sealed.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || extra.length > 0) {
        throw new SecretBoxError(`Not a sealed secret (expected ${VERSION}:<iv>:<tag>:<ciphertext>)`);
      }
      const key = keyOrFail();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(`${VERSION}:${context}`, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // GCM cannot tell a changed value from another key or context: both mean "not ours as it is".
        throw new SecretBoxError(`The secret could not be opened: it was changed, or sealed with another ${name} or for another record`);
      }
    },
  };
}
