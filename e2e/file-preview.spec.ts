import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { drawMarkPng } from '../apps/server/src/db/seed/demo-images.ts';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * The file viewer in real Chromium (issue 14, part 3): Carol publishes a two-page PDF and a PNG to Bob's
 * Bakery through the API; Bob opens each from Published Files. pdf.js draws page 1 (the canvas is not blank) and
 * turns to page 2, the image loads, Esc closes and the focus returns to the row's button, and both files lose
 * their New marker. No console error, so no CSP violation by pdf.js, its worker or the image's blob URL.
 */

const server = useServer();
const browser = useBrowser();

const PDF_TITLE = 'Preview test letter';
const PNG_TITLE = 'Preview test logo';

/** A real PDF of two pages, page 1 mostly a dark rectangle, so "drawn" means many dark pixels. */
async function twoPagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const first = pdf.addPage([420, 595]);
  first.drawRectangle({ x: 40, y: 200, width: 340, height: 340, color: rgb(0.05, 0.2, 0.6) });
  first.drawText('Page one', { x: 40, y: 120, size: 28, font });
  // A JBIG2 image (its bytes are not a real bitmap): enough for pdf.js to fetch and compile its WebAssembly
  // decoder in the worker, which the worker's own policy must allow.
  const jbig2 = pdf.context.stream(new Uint8Array(64).fill(0x55), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 16,
    Height: 16,
    BitsPerComponent: 1,
    ColorSpace: 'DeviceGray',
    Filter: 'JBIG2Decode',
  });
  first.node.setXObject(PDFName.of('Scan'), pdf.context.register(jbig2));
  first.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(40, 0, 0, 40, 360, 40),
    drawObject('Scan'),
    popGraphicsState(),
  );
  const second = pdf.addPage([420, 595]);
  second.drawText('Page two', { x: 40, y: 500, size: 28, font });
  return Buffer.from(await pdf.save());
}

interface SentFile {
  name: string;
  title: string;
  bytes: Buffer;
  type: string;
}

/** Uploads files to Bob's Bakery as `username` (a minted token), then saves them through `savePath`. */
async function send(username: 'carol' | 'bob', savePath: string, files: SentFile[]) {
  const s = server();
  const siteId = (await s.db.query<{ id: string }>(`SELECT id FROM sites WHERE reference = 'ACME-1001'`))
    .rows[0]!.id;
  const token = await mintAccessToken(s, { sub: await demoUserId(s, username) }, { expiresIn: 600 });
  const headers = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('siteId', siteId);
  for (const f of files) form.append('file', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  const uploaded = await fetch(`${s.url}/t/acme/file-storage/api/files`, {
    method: 'POST',
    headers,
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { files: references } = (await uploaded.json()) as { files: { referenceNumber: string }[] };
  const saved = await fetch(`${s.url}${savePath}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      siteId,
      files: references.map((r, i) => ({ referenceNumber: r.referenceNumber, title: files[i]!.title })),
    }),
  });
  expect(saved.status).toBe(201);
}

/** Carol publishes, as the control panel does. */
const publishAsCarol = (files: SentFile[]) =>
  send('carol', '/t/acme/file-management/api/staff/published-files', files);

async function openPublishedFilesAsBob(page: Page) {
  await page.goto(`${server().url}/publishedFiles`);
  const username = page.getByLabel('Username');
  await username.waitFor({ timeout: 20_000 });
  await username.fill('bob');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('published-files-table').waitFor({ timeout: 20_000 });
}

const rowOf = (page: Page, title: string) =>
  page.locator('tbody tr[data-row-key]').filter({ has: page.getByText(title, { exact: true }) });

/** Pixels of the canvas that are clearly not white: pdf.js drew the page. */
const darkPixels = (page: Page) =>
  page.getByTestId('preview-canvas').evaluate((canvas) => {
    const element = canvas as unknown as {
      width: number;
      height: number;
      getContext(kind: '2d'): {
        getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
      };
    };
    const { data } = element.getContext('2d').getImageData(0, 0, element.width, element.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 300) dark += 1;
    return { dark, total: data.length / 4 };
  });

describe('File previews', () => {
  test('bob previews a published PDF (page 1 drawn, page 2 reached) and a PNG; both stop being new', {
    timeout: 180_000,
  }, async () => {
    await publishAsCarol([
      { name: 'letter.pdf', title: PDF_TITLE, bytes: await twoPagePdf(), type: 'application/pdf' },
      {
        name: 'logo.png',
        title: PNG_TITLE,
        bytes: drawMarkPng(96, 'globe', '0958d9', 'ffffff'),
        type: 'image/png',
      },
      // Named as an image, but HTML: listed with a Preview button, refused by the server on its bytes.
      {
        name: 'page.png',
        title: 'Not really a picture',
        bytes: Buffer.from('<html><p>hi</p></html>'),
        type: 'image/png',
      },
    ]);
    const { page, errors } = await browser.open();
    // Every preview request: the bearer token goes in a header, never in the address.
    const previewRequests: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/preview'))
        previewRequests.push({ url: request.url(), authorization: request.headers().authorization });
    });
    const decoders: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.wasm')) decoders.push(new URL(request.url()).pathname);
    });
    const wasmWarnings: string[] = [];
    page.on('console', (message) => {
      if (/WasmInstance|WebAssembly/i.test(message.text())) wasmWarnings.push(message.text());
    });
    await openPublishedFilesAsBob(page);
    const pdfRow = rowOf(page, PDF_TITLE);
    const pngRow = rowOf(page, PNG_TITLE);
    await pdfRow.waitFor({ timeout: 20_000 });
    expect(await pdfRow.getByTestId('new-tag').count()).toBe(1);
    expect(await pngRow.getByTestId('new-tag').count()).toBe(1);

    // The PDF: page 1 drawn by pdf.js, "Page 1 of 2", then page 2.
    const pdfButton = pdfRow.getByRole('button', { name: `Preview ${PDF_TITLE}` });
    await pdfButton.click();
    const viewer = page.getByTestId('file-preview');
    await viewer.waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="preview-canvas"][data-page="1"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('preview-title').textContent()).toBe(PDF_TITLE);
    expect(await page.getByTestId('preview-page-status').textContent()).toBe('Page 1 of 2');
    const drawn = await darkPixels(page);
    expect(drawn.total).toBeGreaterThan(10_000);
    expect(drawn.dark / drawn.total).toBeGreaterThan(0.2);
    expect(await viewer.getAttribute('data-status')).toBe('ready');
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'file-preview-pdf');
    // The list's own pages have a Next page button too, behind the (modal, so inert) viewer.
    await viewer.getByRole('button', { name: 'Next page' }).click();
    await page.locator('[data-testid="preview-canvas"][data-page="2"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('preview-page-status').textContent()).toBe('Page 2 of 2');
    expect(await viewer.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    // Next turned disabled under the focus, which Previous took.
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }
        ).document.activeElement.getAttribute('aria-label'),
      ),
    ).toBe('Previous page');
    await page.keyboard.press('ArrowLeft');
    await page.locator('[data-testid="preview-canvas"][data-page="1"]').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await page.getByTestId('preview-zoom').textContent()).toBe('125 %');
    expect(await page.getByTestId('preview-download').isVisible()).toBe(true);

    // Esc closes, and the focus is back on the row's Preview button.
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached', timeout: 10_000 });
    expect(
      await pdfButton.evaluate(
        (button) =>
          button ===
          (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
      ),
    ).toBe(true);

    // The PNG, in the lightbox, on a 360 px phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await pngRow.getByRole('button', { name: `Preview ${PNG_TITLE}` }).click();
    const image = page.getByTestId('preview-image');
    await image.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 10_000,
      })
      .toBe(96);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    const box = (await viewer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.getByTestId('preview-close').isVisible()).toBe(true);
    await page.getByTestId('preview-close').click();
    await viewer.waitFor({ state: 'detached', timeout: 10_000 });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A file whose bytes are no previewable type: the viewer says why, and offers the download.
    await rowOf(page, 'Not really a picture')
      .getByRole('button', { name: 'Preview Not really a picture' })
      .click();
    const refusal = page.getByTestId('preview-error');
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toContain('This file cannot be previewed');
    expect(await page.getByTestId('preview-download').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await rowOf(page, 'Not really a picture').getByTestId('new-tag').count()).toBe(1);

    // Opening a preview counts as opening the file: the New markers are gone.
    await expect.poll(() => pdfRow.getByTestId('new-tag').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => pngRow.getByTestId('new-tag').count(), { timeout: 15_000 }).toBe(0);
    const { rows } = await server().db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM audit_events
       WHERE action = 'file.preview' AND user_id = $1 GROUP BY action`,
      [await demoUserId(server(), 'bob')],
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    // The JBIG2 decoder came from the build and compiled in the worker (a refusal would be a console error).
    expect(decoders.some((path) => /^\/assets\/jbig2[\w.-]*\.wasm$/.test(path))).toBe(true);
    expect(wasmWarnings).toEqual([]);
    expect(previewRequests.length).toBeGreaterThanOrEqual(2);
    for (const request of previewRequests) {
      expect(request.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      expect(new URL(request.url).search).toBe('');
    }
    // The one refusal the test asked for is the browser's own log line of a 415; nothing else.
    expect(errors.filter((error) => !/status of 415\b.*\/preview\]$/.test(error))).toEqual([]);
  });

  test('carol previews a submitted PDF from the control panel', { timeout: 120_000 }, async () => {
    await send('bob', '/t/acme/portal/api/files', [
      { name: 'scan.pdf', title: 'Scanned invoice', bytes: await twoPagePdf(), type: 'application/pdf' },
    ]);
    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/control-panel/submissions`);
    const username = page.getByLabel('Username');
    await username.waitFor({ timeout: 20_000 });
    await username.fill('carol');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const row = page.getByTestId('submissions-table').getByRole('row').filter({ hasText: 'Scanned invoice' });
    await row.waitFor({ timeout: 20_000 });
    const button = row.getByRole('button', { name: 'Preview Scanned invoice' });
    await button.click();
    await page.locator('[data-testid="preview-canvas"][data-page="1"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('preview-page-status').textContent()).toBe('Page 1 of 2');
    expect((await darkPixels(page)).dark).toBeGreaterThan(1000);
    await page.getByTestId('preview-close').click();
    await page.getByTestId('file-preview').waitFor({ state: 'detached', timeout: 10_000 });
    expect(errors).toEqual([]);
  });
});
