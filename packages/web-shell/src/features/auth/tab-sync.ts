/**
 * What the tabs of one browser tell each other about the sign-in (issue 28 item 5): a sign-out in one tab signs
 * out every tab of this origin (portal and control panel alike: they share the provider's session), and activity
 * in any tab keeps the others from the idle logout. A BroadcastChannel reaches the other tabs, never the sender.
 */
export type TabMessage = { type: 'signed-out' } | { type: 'active' };

const CHANNEL = 'portico-session';

const openChannel = () =>
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);

export function tellOtherTabs(message: TabMessage) {
  const channel = openChannel();
  channel?.postMessage(message);
  channel?.close();
}

/** Calls `handler` with what other tabs say; answers the function that stops listening. */
export function listenToOtherTabs(handler: (message: TabMessage) => void): () => void {
  const channel = openChannel();
  if (!channel) return () => undefined;
  channel.onmessage = (event: MessageEvent<TabMessage>) => handler(event.data);
  return () => channel.close();
}
