import { IDEMPOTENCY_KEY_HEADER } from '@portico/contracts';
import { useRef } from 'react';

/** The headers of a change that is safe to retry (the server answers a repeated key with its first answer). */
export const idempotencyHeaders = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/**
 * A random UUID. `crypto.randomUUID` exists only in secure contexts (https, localhost); a portal reached over
 * plain http on another host still has `getRandomValues`.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeys {
  /** The key for this request: the one sent last time if this is the same request again, else a new one. */
  keyFor(request: unknown): string;
  /** The request was answered: whatever comes next is a new action with a new key. */
  succeeded(): void;
}

/**
 * One `Idempotency-Key` per user action. A request that failed (a broken connection, a timeout) may still have
 * been done by the server, so sending the same request again keeps its key and learns the first answer; once it
 * succeeded, or for a different request, a new key is drawn.
 */
export function createIdempotencyKeys(): IdempotencyKeys {
  let current: { request: string; key: string } | undefined;
  return {
    keyFor(request) {
      const fingerprint = JSON.stringify(request);
      if (current?.request !== fingerprint) current = { request: fingerprint, key: randomKey() };
      return current.key;
    },
    succeeded() {
      current = undefined;
    },
  };
}

/** `createIdempotencyKeys` for a component: one set of keys for its lifetime. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const keys = useRef<IdempotencyKeys | undefined>(undefined);
  keys.current ??= createIdempotencyKeys();
  return keys.current;
}
