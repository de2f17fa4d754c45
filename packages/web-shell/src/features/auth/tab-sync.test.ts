import { afterEach, describe, expect, test, vi } from 'vitest';
import { listenToOtherTabs, type TabMessage, tellOtherTabs } from './tab-sync.ts';

/** Another tab of the browser: a channel object of the same name, as that tab's tab-sync module would open. */
const otherTab = () => new BroadcastChannel('portico-session');
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const opened: BroadcastChannel[] = [];

afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

describe('what the tabs tell each other', () => {
  test('a sign-out reaches the other tabs and never the tab that sent it', async () => {
    const mine = vi.fn();
    const stop = listenToOtherTabs(mine);
    const other = otherTab();
    opened.push(other);
    const theirs: TabMessage[] = [];
    other.onmessage = (event: MessageEvent<TabMessage>) => theirs.push(event.data);

    tellOtherTabs({ type: 'signed-out' });
    await settle();
    expect(theirs).toEqual([{ type: 'signed-out' }]);
    expect(mine).not.toHaveBeenCalled();
    stop();
  });

  test("another tab's message reaches every listener of this tab until it stops listening", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = listenToOtherTabs(first);
    const stopSecond = listenToOtherTabs(second);
    const other = otherTab();
    opened.push(other);

    other.postMessage({ type: 'active' } satisfies TabMessage);
    await settle();
    expect(first).toHaveBeenCalledWith({ type: 'active' });
    expect(second).toHaveBeenCalledWith({ type: 'active' });

    stopFirst();
    other.postMessage({ type: 'signed-out' } satisfies TabMessage);
    await settle();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    stopSecond();
  });
});
