import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, openPage, type TrackedPage } from './browser.ts';

/**
 * One Chromium for the spec file; each `open()` gives a fresh context (no cookies or storage from an earlier
 * test), closed after that test.
 */
export function useBrowser(): { open(): Promise<TrackedPage> } {
  let browser: Browser | undefined;
  const opened: TrackedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const tracked of opened.splice(0)) await tracked.context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open() {
      if (!browser) throw new Error('the browser has not started');
      const tracked = await openPage(browser);
      opened.push(tracked);
      return tracked;
    },
  };
}
