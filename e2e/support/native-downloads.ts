import type { CDPSession, Page } from 'playwright-core';

/** One download as Chromium's download manager reports it over the DevTools protocol. */
export interface NativeDownload {
  guid: string;
  url: string;
  suggestedFilename: string;
  /** `Date.now()` when Chromium decided the navigation is a download. */
  beganAt: number;
  /** `Date.now()` when the manager reported it completed or cancelled. */
  endedAt?: number;
  /** What the download manager shows as the size: the answer's Content-Length, 0 if it had none. */
  totalBytes: number;
  receivedBytes: number;
  state: 'inProgress' | 'completed' | 'canceled';
  /** Where it was saved (`allowAndName`: the folder, then the guid). */
  path: string;
}

/**
 * Watches the downloads of a page's browser context as Chromium's own download manager does them: downloads are
 * saved into `folder` under their guid, and `Browser.downloadWillBegin` / `Browser.downloadProgress` tell when
 * each began, its total size and its progress. (Playwright's own download events say neither.) Replaces
 * Playwright's download handling for that context.
 */
export async function watchNativeDownloads(page: Page, folder: string) {
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser');
  const pageSession = await page.context().newCDPSession(page);
  const { targetInfo } = (await pageSession.send('Target.getTargetInfo')) as {
    targetInfo: { browserContextId: string };
  };
  const session: CDPSession = await browser.newBrowserCDPSession();
  const downloads = new Map<string, NativeDownload>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  session.on(
    'Browser.downloadWillBegin',
    (event: { guid: string; url: string; suggestedFilename: string }) => {
      downloads.set(event.guid, {
        ...event,
        beganAt: Date.now(),
        totalBytes: 0,
        receivedBytes: 0,
        state: 'inProgress',
        path: `${folder}/${event.guid}`,
      });
      changed();
    },
  );
  session.on(
    'Browser.downloadProgress',
    (event: { guid: string; totalBytes: number; receivedBytes: number; state: NativeDownload['state'] }) => {
      const download = downloads.get(event.guid);
      if (!download) return;
      Object.assign(download, {
        totalBytes: event.totalBytes,
        receivedBytes: event.receivedBytes,
        state: event.state,
      });
      if (event.state !== 'inProgress') download.endedAt ??= Date.now();
      changed();
    },
  );
  await session.send('Browser.setDownloadBehavior', {
    behavior: 'allowAndName',
    downloadPath: folder,
    browserContextId: targetInfo.browserContextId,
    eventsEnabled: true,
  });

  /** Resolves with the first download (after `after` in the list) that satisfies `done`, or fails after `ms`. */
  const waitFor = (done: (d: NativeDownload) => boolean, ms: number, skip = 0) =>
    new Promise<NativeDownload>((resolve, reject) => {
      const check = () => {
        const found = [...downloads.values()].slice(skip).find(done);
        if (!found) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(`no download as expected within ${ms} ms: ${JSON.stringify([...downloads.values()])}`),
        );
      }, ms);
      listeners.add(check);
      check();
    });

  return {
    pageSession,
    count: () => downloads.size,
    /** The next download to begin after `count()` were known. */
    began: (skip: number, ms = 10_000) => waitFor(() => true, ms, skip),
    /** That download once its state is final. */
    finished: (guid: string, ms = 120_000) => waitFor((d) => d.guid === guid && d.state !== 'inProgress', ms),
    /** That download once the manager knows its total (first progress event). */
    sized: (guid: string, ms = 10_000) =>
      waitFor((d) => d.guid === guid && (d.totalBytes > 0 || d.state !== 'inProgress'), ms),
    async close() {
      await session.detach().catch(() => {});
      await pageSession.detach().catch(() => {});
    },
  };
}

/** The page's JavaScript heap in use, in bytes (DevTools `Runtime.getHeapUsage`). */
export async function heapUsed(session: CDPSession): Promise<number> {
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize;
}
