import { describe, expect, it } from 'vitest';
import { type UploadSlot, UploadSlots } from './upload-slots.ts';

const taken = (slot: ReturnType<UploadSlots['acquire']>) => {
  if ('refused' in slot) throw new Error(`refused: ${slot.refused}`);
  return slot as UploadSlot;
};

describe('UploadSlots', () => {
  it('lets a user run up to their limit, then refuses, until one finishes', () => {
    const slots = new UploadSlots({ perUser: 2, perAddress: 10 });
    const first = taken(slots.acquire('bob', '10.0.0.1'));
    taken(slots.acquire('bob', '10.0.0.2'));
    expect(slots.acquire('bob', '10.0.0.3')).toEqual({ refused: 'user', limit: 2 });
    taken(slots.acquire('carol', '10.0.0.1'));
    first.release();
    taken(slots.acquire('bob', '10.0.0.3'));
  });

  it('counts an address whoever signed in', () => {
    const slots = new UploadSlots({ perUser: 5, perAddress: 2 });
    taken(slots.acquire('bob', '10.0.0.1'));
    const carol = taken(slots.acquire('carol', '10.0.0.1'));
    expect(slots.acquire('alice', '10.0.0.1')).toEqual({ refused: 'address', limit: 2 });
    taken(slots.acquire('alice', '10.0.0.2'));
    carol.release();
    taken(slots.acquire('alice', '10.0.0.1'));
  });

  it('gives a slot back once however often it is released, and forgets what runs no more', () => {
    const slots = new UploadSlots({ perUser: 1, perAddress: 1 });
    const slot = taken(slots.acquire('bob', '10.0.0.1'));
    slot.release();
    slot.release();
    expect([slots.count('user:bob'), slots.count('address:10.0.0.1')]).toEqual([0, 0]);
    const again = taken(slots.acquire('bob', '10.0.0.1'));
    slot.release();
    expect(slots.acquire('bob', '10.0.0.1')).toEqual({ refused: 'user', limit: 1 });
    again.release();
    expect((slots as unknown as { running: Map<string, number> }).running.size).toBe(0);
  });
});
