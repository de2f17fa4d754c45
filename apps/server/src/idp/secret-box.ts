import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets (a person's TOTP key) for storage: AES-256-GCM under a key derived from SECRET_KEY, with
 * what the secret belongs to (the person's id) as additional data, so a sealed value copied onto another row does
 * not open. Stored as `v1.<iv>.<ciphertext and tag>`, base64url.
 */
export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  /** Throws when the value was not sealed with this key for this owner. */
  open(sealed: string, boundTo: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(secretKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'portico', 'two-step secrets v1', 32));
  return {
    seal(plaintext, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, boundTo) {
      const [version, iv, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !body) throw new Error('not a sealed secret');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(boundTo))
        .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
