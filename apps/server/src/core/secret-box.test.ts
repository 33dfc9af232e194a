import { randomBytes } from 'node:crypto';
import { createSecretBox, parseSecretKey, SecretBoxError } from './secret-box';

const key = randomBytes(32).toString('base64');

describe('secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('customer-key-VzkmZEaUWOjnQX2z');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('VzkmZEaUWOjnQX2z');
    expect(box.open(sealed)).toBe('customer-key-VzkmZEaUWOjnQX2z');
    expect(box.seal('customer-key-VzkmZEaUWOjnQX2z')).not.toBe(sealed);
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('clé ✓'))).toBe('clé ✓');
  });

  it('refuses a sealed value that was changed', () => {
    const box = createSecretBox(key);
    const [version, iv, tag, ciphertext] = box.seal('secret').split(':') as [string, string, string, string];
    const flipped = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0]! ^= 1;
      return bytes.toString('base64url');
    };
    for (const changed of [[version, iv, tag, flipped(ciphertext)], [version, iv, flipped(tag), ciphertext], [version, flipped(iv), tag, ciphertext]]) {
      expect(() => box.open(changed.join(':'))).toThrow(/could not be opened: it was changed/);
    }
    expect(() => box.open(`v2:${iv}:${tag}:${ciphertext}`)).toThrow(/Not a sealed secret/);
    expect(() => box.open('plain text')).toThrow(SecretBoxError);
  });

  it('does not open with another key, or for another record', () => {
    const sealed = createSecretBox(key).seal('secret', 'connection-1');
    expect(() => createSecretBox(randomBytes(32).toString('hex')).open(sealed, 'connection-1')).toThrow(/sealed with another PMS_SECRET_KEY/);
    expect(() => createSecretBox(key).open(sealed, 'connection-2')).toThrow(SecretBoxError);
    expect(createSecretBox(key).open(sealed, 'connection-1')).toBe('secret');
  });

  it('takes the key as base64, base64url or hex, and says what is wrong with a bad one', () => {
    const bytes = randomBytes(32);
    expect(parseSecretKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSecretKey(bytes.toString('base64url'))).toEqual(bytes);
    expect(parseSecretKey(bytes.toString('hex'))).toEqual(bytes);
    expect(() => parseSecretKey(randomBytes(16).toString('base64'))).toThrow('PMS_SECRET_KEY must be a 32-byte key: use 32 random bytes as base64 or hex, e.g. `openssl rand -base64 32` (it is 16 bytes)');
    expect(() => parseSecretKey('not a key!')).toThrow(/neither base64 nor hex/);
    expect(() => createSecretBox('short')).toThrow(SecretBoxError);
  });

  it('starts without a key, and says the key is missing when a secret is sealed or opened', () => {
    const box = createSecretBox(undefined);
    expect(() => box.seal('secret')).toThrow(/^PMS_SECRET_KEY is not set/);
    expect(() => box.open(createSecretBox(key).seal('secret'))).toThrow(/^PMS_SECRET_KEY is not set/);
  });
});
