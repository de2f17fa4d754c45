import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { describePage, launchBrowser, openPage, type TrackedPage } from './browser.ts';

/**
 * One Chromium for the spec file; each `open()` gives a fresh context (no cookies or storage from an earlier
 * test), closed after that test. When the test failed, what each of its pages showed is kept with its result first
 * (`failed-pages-reporter.ts` prints it at the end of the run).
 */
export function useBrowser(): { open(): Promise<TrackedPage> } {
  let browser: Browser | undefined;
  const opened: TrackedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async ({ task }) => {
    const pages = opened.splice(0);
    if (task.result?.state === 'fail') {
      task.meta.pages = [];
      for (const [index, tracked] of pages.entries())
        task.meta.pages.push(`--- page ${index + 1} of ${pages.length}\n${await describePage(tracked)}`);
    }
    for (const tracked of pages) await tracked.context.close();
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
