/**
 * What a list others change (requests, submissions, files, a site's settings) asks of RTK Query: read again when
 * the window gets the focus back, and every 30 s while shown, so an open page never keeps offering what staff
 * or a client changed since (issue 30). `setupListeners` in the store makes the focus part work.
 */
export const LIVE_LIST = { refetchOnFocus: true, pollingInterval: 30_000 } as const;
