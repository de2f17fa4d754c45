/**
 * What the tabs of one browser tell each other about the sign-in (issue 28 item 5): a sign-out in one tab signs
 * out every tab of this origin (portal and control panel alike: they share the provider's session), and activity
 * in any tab keeps the others from the idle logout. A BroadcastChannel reaches the other tabs, never the sender.
 */
export type TabMessage = { type: 'signed-out' } | { type: 'active' };

const CHANNEL = 'portico-session';

/**
 * One channel for the whole document, to send and to listen: a BroadcastChannel delivers to every other channel
 * object of its name, those of this very tab included. With one object per message (as until 2026-11-28) a tab
 * heard its own sign-out and showed the signed-out page before the provider's end-session redirect, which then
 * cut off whatever the browser was asked to open meanwhile.
 */
let channel: BroadcastChannel | null | undefined;
const tabChannel = () => {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
};

export function tellOtherTabs(message: TabMessage) {
  tabChannel()?.postMessage(message);
}

/** Calls `handler` with what other tabs say; answers the function that stops listening. */
export function listenToOtherTabs(handler: (message: TabMessage) => void): () => void {
  const shared = tabChannel();
  if (!shared) return () => undefined;
  const listener = (event: MessageEvent<TabMessage>) => handler(event.data);
  shared.addEventListener('message', listener);
  return () => shared.removeEventListener('message', listener);
}
