import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; `npx playwright install` cannot download here, so Playwright never manages a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Exactly these switches: headless, no sandbox (containers), and nothing that phones home during a run. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** Git-ignored; the README names it. */
export const SCREENSHOTS_DIR = new URL('../screenshots/', import.meta.url).pathname;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far (CSP violations are reported as console errors). */
  errors: string[];
  /** The page's last requests, oldest first: when, what, and how each ended (for `describePage`). */
  requests: string[];
}

const KEPT_REQUESTS = 30;

/** An address as a log may show it: no origin, and no long token (share links, unsubscribe links, codes). */
const loggable = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`.replace(/[\w-]{32,}/g, '…');
};

/** A fresh context (no cookies, no storage) with one page at the desktop size that records its errors. */
export async function openPage(browser: Browser): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-GB' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    // Chromium asks for /favicon.ico on its own when a page names no icon; that miss is not the page's error.
    if (new URL(url || 'about:blank').pathname === '/favicon.ico') return;
    errors.push(url ? `${message.text()} [${url}]` : message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  const requests: string[] = [];
  const opened = performance.now();
  const note = (line: string) => {
    requests.push(`${((performance.now() - opened) / 1000).toFixed(2)} s ${line}`);
    if (requests.length > KEPT_REQUESTS) requests.shift();
  };
  page.on('requestfinished', (request) => {
    void request.response().then(
      (response) => {
        const status = response?.status() ?? 0;
        // The build's files only when they failed: they would crowd out the calls.
        if (status < 400 && /\/assets\//.test(request.url())) return;
        note(`${request.method()} ${loggable(request.url())} → ${status || '?'}`);
      },
      () => undefined,
    );
  });
  page.on('requestfailed', (request) =>
    note(`${request.method()} ${loggable(request.url())} → ${request.failure()?.errorText ?? 'failed'}`),
  );
  return { context, page, errors, requests };
}

/**
 * What a failed test's page showed, for the log (CI keeps no screenshots): its address, the dialogs and alerts on
 * screen, its errors and its last requests. A flake that cannot be reproduced alone is read from this.
 */
export async function describePage({ page, errors, requests }: TrackedPage): Promise<string> {
  if (page.isClosed()) return 'the page was closed';
  // Each element's text on one line, after the status it carries (the viewer's loading, ready or error).
  const texts = (selector: string) =>
    page
      .locator(selector)
      .evaluateAll((elements) =>
        elements.map((element) => {
          const { innerText, dataset } = element as unknown as {
            innerText: string;
            dataset: Record<string, string | undefined>;
          };
          return `${dataset.status ? `[${dataset.status}] ` : ''}${innerText.slice(0, 300)}`;
        }),
      )
      .then((found) => found.map((text) => text.replace(/\s+/g, ' ')))
      .catch(() => [] as string[]);
  const lines = [
    `address: ${loggable(page.url())}`,
    // Native dialogs (the viewer, the workspace's) have the role without the attribute.
    ...(await texts('dialog[open]:visible, [role=dialog]:visible')).map((text) => `dialog: ${text}`),
    ...(await texts('[role=alert]:visible')).map((text) => `alert: ${text}`),
    ...errors.map((error) => `error: ${error}`),
    'last requests:',
    ...requests.map((line) => `  ${line}`),
  ];
  return lines.join('\n');
}

const screenshotOnce = (page: Page, file: string) =>
  page.screenshot({ path: file, fullPage: true, animations: 'disabled' });

/**
 * Saves `{name}-desktop.png` (1280×800) and `{name}-mobile.png` (390×844) of the whole page into
 * e2e/screenshots/, then puts the page back to the desktop size.
 */
export async function takeScreenshots(page: Page, name: string): Promise<string[]> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const files: string[] = [];
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    const file = path.join(SCREENSHOTS_DIR, `${name}-${size}.png`);
    await screenshotOnce(page, file).catch(async (error: unknown) => {
      // Headless Chromium on a busy 2-core runner has once stalled a full-page capture after the viewport changed
      // (fonts loaded, no frame produced for 30 s); the page itself was fine. One more frame, one more try.
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
      await screenshotOnce(page, file);
    });
    files.push(file);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  return files;
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * `addScriptTag({ path })` inlines the file, which the server's `script-src 'self'` rightly refuses, and
 * `bypassCSP` would hide the very CSP errors the specs look for. So the browser is told to answer one
 * same-origin address with node_modules/axe-core/axe.min.js (the request never reaches the server), and the
 * tag loads it from there like any other script of the page.
 */
async function injectAxe(page: Page) {
  const url = new URL('/__e2e__/axe.min.js', page.url()).href;
  await page.route(url, (route) => route.fulfill({ path: AXE_PATH, contentType: 'text/javascript' }));
  await page.addScriptTag({ url });
}

/**
 * Waits (up to 2 s) for the page's finite animations to finish; endless ones (a spinner) are not waited for.
 * Axe reads colours as painted, and an element caught mid-fade (a tooltip or a message coming or going) has
 * colours it never keeps: one read once as white on #aaaaaa, failing the contrast rule.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    // The page's own types: this project's Node-side TypeScript has no DOM library.
    interface PageAnimation {
      effect: { getComputedTiming(): { endTime?: number | string } } | null;
      finished: Promise<unknown>;
    }
    const { document } = globalThis as unknown as { document: { getAnimations(): PageAnimation[] } };
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.allSettled(ending.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core (WCAG 2.x A and AA rules and best practices) in the page and answers every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  if (!loaded) await injectAxe(page);
  await settleAnimations(page);
  return page.evaluate(async () => {
    const { axe } = globalThis as unknown as {
      axe: { run(options: object): Promise<{ violations: AxeViolation[] }> };
    };
    const results = await axe.run({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
}

/** Violations in a line each, with the elements they concern: what a failing expectation shows. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations
    .map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n'),
    )
    .join('\n');

/**
 * Runs axe-core in the page and throws, listing every violation whose impact is serious or critical. Minor and
 * moderate findings are returned for the caller to inspect.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  const violations = await axeViolations(page);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length > 0) {
    throw new Error(
      `axe found ${blocking.length} serious or critical violation(s) on ${page.url()}:\n${describeViolations(blocking)}`,
    );
  }
  return violations;
}

// These run inside the page; the e2e project compiles without the DOM library.
declare const document: {
  getAnimations(): {
    playState: string;
    effect: { getTiming(): { iterations?: number }; target?: { className?: unknown } | null } | null;
  }[];
};

/**
 * Waits until no finite animation runs (a side menu collapsing, a switch sliding): mid-way, text is faded, which
 * axe would measure. Spinners and skeletons animate for ever, and antd's click wave is no content: neither counts.
 */
export async function waitForAnimations(page: Page, timeout = 5_000) {
  // A transition just triggered (a resize, a click) may not have started yet.
  await page.waitForTimeout(200);
  const deadline = Date.now() + timeout;
  const running = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
          .filter((a) => !String(a.effect?.target?.className ?? '').includes('ant-wave')).length,
    );
  while ((await running()) > 0) {
    if (Date.now() > deadline) throw new Error(`animations still running after ${timeout} ms`);
    await page.waitForTimeout(50);
  }
}
