import { LIMITS } from '@portico/contracts';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { TabMessage } from '../tab-sync.ts';
import { useIdleLogout } from './use-idle-logout.ts';

afterEach(() => vi.useRealTimers());

describe('idle logout', () => {
  test('logs out after 6,000,000 ms without activity', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    renderHook(() => useIdleLogout(onIdle));
    expect(LIMITS.idleTimeoutMs).toBe(6_000_000);
    vi.advanceTimersByTime(5_999_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  test('activity starts the wait over', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    renderHook(() => useIdleLogout(onIdle, 1000));
    vi.advanceTimersByTime(800);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(800);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  test('stops watching when unmounted', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const { unmount } = renderHook(() => useIdleLogout(onIdle, 1000));
    unmount();
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  test('activity in another tab of the browser starts the wait over too, and this tab tells the others', async () => {
    const onIdle = vi.fn();
    const heard: string[] = [];
    // This test is the other tab: a channel object of its own, as another page would have (a tab does not hear
    // what it says itself).
    const otherTab = new BroadcastChannel('portico-session');
    otherTab.onmessage = (event: MessageEvent<TabMessage>) => heard.push(event.data.type);
    renderHook(() => useIdleLogout(onIdle, 400));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.waitFor(() => expect(heard).toEqual(['active']));
    await new Promise((resolve) => setTimeout(resolve, 250));
    otherTab.postMessage({ type: 'active' } satisfies TabMessage);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(onIdle).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onIdle).toHaveBeenCalledTimes(1), { timeout: 1000 });
    otherTab.close();
  });
});
