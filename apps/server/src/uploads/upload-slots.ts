import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.ts';
import { tooManyConcurrent } from './uploads.errors.ts';

/**
 * How many uploads run at once, per user and per client address, so that one account or one address cannot hold
 * the process's sockets, files and memory. Counted in this process only: behind a load balancer each replica
 * counts its own.
 */
export interface UploadSlotLimits {
  perUser: number;
  perAddress: number;
}

/** A slot taken; `release` gives it back, and only once however often it is called. */
export interface UploadSlot {
  release(): void;
}

export type SlotRefusal = { refused: 'user' | 'address'; limit: number };

export class UploadSlots {
  private readonly running = new Map<string, number>();
  private readonly limits: UploadSlotLimits;

  constructor(limits: UploadSlotLimits) {
    this.limits = limits;
  }

  /** A slot for one more upload of `userId` from `address`, or which limit it would pass. */
  acquire(userId: string, address: string): UploadSlot | SlotRefusal {
    const user = `user:${userId}`;
    const from = `address:${address}`;
    const { perUser, perAddress } = this.limits;
    if (this.count(user) >= perUser) return { refused: 'user', limit: perUser };
    if (this.count(from) >= perAddress) return { refused: 'address', limit: perAddress };
    this.add(user, 1);
    this.add(from, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.add(user, -1);
        this.add(from, -1);
      },
    };
  }

  /** Uploads running now for a key (`user:…` or `address:…`); for tests and logs. */
  count(key: string): number {
    return this.running.get(key) ?? 0;
  }

  private add(key: string, delta: number) {
    const next = this.count(key) + delta;
    // Keys of nothing running are dropped, so the map holds only what runs.
    if (next > 0) this.running.set(key, next);
    else this.running.delete(key);
  }
}

/** Seconds a client refused for running too many uploads is asked to wait: about what a small file takes. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A slot for one more upload of this user from this address, or 429 with Retry-After if either runs too many. The
 * refused body is never read: the connection closes after the answer, so a client cannot hold it open by
 * trickling the body it was refused.
 */
export function takeUploadSlot(
  slots: UploadSlots,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
): UploadSlot {
  const slot = slots.acquire(caller.user.id, request.ip);
  if (!('refused' in slot)) return slot;
  reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close');
  throw tooManyConcurrent(slot.limit, slot.refused);
}
