import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchBodyRate } from './body-rate-guard.ts';

/** The parts of a request the guard reads, set by hand. */
function fakeRequest() {
  const state = { bytesRead: 0, destroyed: false, complete: false, paused: false, buffered: 0 };
  const request = {
    socket: {
      get bytesRead() {
        return state.bytesRead;
      },
      get destroyed() {
        return state.destroyed;
      },
    },
    get complete() {
      return state.complete;
    },
    isPaused: () => state.paused,
    get readableLength() {
      return state.buffered;
    },
  } as unknown as IncomingMessage;
  return { request, state };
}

const floor = { minBytesPerSecond: 1000, windowSeconds: 4 };

describe('watchBodyRate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Advances time a second at a time, the client sending `bytesPerSecond` meanwhile. */
  const run = (state: { bytesRead: number }, seconds: number, bytesPerSecond: number) => {
    for (let s = 0; s < seconds; s++) {
      state.bytesRead += bytesPerSecond;
      vi.advanceTimersByTime(1000);
    }
  };

  it('calls out a body slower than the floor over a window, once, and no sooner', () => {
    const { request, state } = fakeRequest();
    const tooSlow = vi.fn();
    watchBodyRate(request, floor, tooSlow);
    run(state, 3, 900);
    expect(tooSlow).not.toHaveBeenCalled();
    run(state, 1, 900);
    expect(tooSlow).toHaveBeenCalledOnce();
    run(state, 10, 0);
    expect(tooSlow).toHaveBeenCalledOnce();
  });

  it('lets a body at the floor or faster run, and catches it when it stalls later', () => {
    const { request, state } = fakeRequest();
    const tooSlow = vi.fn();
    watchBodyRate(request, floor, tooSlow);
    run(state, 20, 1000);
    run(state, 2, 5000);
    expect(tooSlow).not.toHaveBeenCalled();
    // 10 000 bytes in the last two seconds carry the window for a while, not for ever.
    run(state, 2, 0);
    expect(tooSlow).not.toHaveBeenCalled();
    run(state, 3, 0);
    expect(tooSlow).toHaveBeenCalledOnce();
  });

  it('does not blame the client while the server is the one behind', () => {
    const { request, state } = fakeRequest();
    const tooSlow = vi.fn();
    watchBodyRate(request, floor, tooSlow);
    state.paused = true;
    run(state, 10, 0);
    state.paused = false;
    state.buffered = 65_536;
    run(state, 10, 0);
    expect(tooSlow).not.toHaveBeenCalled();
    state.buffered = 0;
    run(state, 4, 0);
    expect(tooSlow).toHaveBeenCalledOnce();
  });

  it('stops when the body is complete, the socket is gone or it is told to, and with a floor of 0 never starts', () => {
    for (const end of ['complete', 'destroyed', 'stopped', 'off'] as const) {
      const { request, state } = fakeRequest();
      const tooSlow = vi.fn();
      const stop = watchBodyRate(
        request,
        end === 'off' ? { ...floor, minBytesPerSecond: 0 } : floor,
        tooSlow,
      );
      if (end === 'complete') state.complete = true;
      if (end === 'destroyed') state.destroyed = true;
      if (end === 'stopped') stop();
      run(state, 30, 0);
      expect([end, tooSlow.mock.calls.length]).toEqual([end, 0]);
      expect(vi.getTimerCount()).toBe(0);
    }
  });
});
