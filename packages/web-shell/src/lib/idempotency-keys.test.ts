import { describe, expect, test, vi } from 'vitest';
import { createIdempotencyKeys, idempotencyHeaders, randomKey } from './idempotency-keys.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  test('the same request sent again after a failure keeps its key; another request gets a new one', () => {
    const keys = createIdempotencyKeys();
    const first = keys.keyFor({ siteId: 's', files: ['a'] });
    expect(first).toMatch(UUID);
    expect(keys.keyFor({ siteId: 's', files: ['a'] })).toBe(first);
    const other = keys.keyFor({ siteId: 's', files: ['b'] });
    expect(other).not.toBe(first);
    expect(keys.keyFor({ siteId: 's', files: ['b'] })).toBe(other);
  });

  test('once a request succeeded, the same request again is a new action with a new key', () => {
    const keys = createIdempotencyKeys();
    const first = keys.keyFor({ status: 'accepted' });
    keys.succeeded();
    expect(keys.keyFor({ status: 'accepted' })).not.toBe(first);
  });

  test('keys are UUIDs even where crypto.randomUUID is missing (plain http on another host)', () => {
    const randomUUID = crypto.randomUUID;
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const keys = new Set(Array.from({ length: 50 }, randomKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(crypto.randomUUID).toBe(randomUUID);
  });

  test('are sent as the Idempotency-Key header', () => {
    expect(idempotencyHeaders('k-1')).toEqual({ 'Idempotency-Key': 'k-1' });
  });
});
