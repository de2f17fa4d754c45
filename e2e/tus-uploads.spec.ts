import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadedFile } from '@portico/contracts';
import type { CDPSession, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { useBrowser } from './support/browser-session.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * Resumable uploads (tus) in real Chromium against the real server, run as its own process so that it can be
 * killed: an upload survives a network drop (it resumes from the offset the server kept) and a `kill -9` of the
 * server with a restart, and ends with the bytes that were sent.
 */

let server: ServerProcess | undefined;
beforeAll(async () => {
  server = await startServerProcess();
}, 120_000);
afterAll(() => server?.close(), 60_000);
const browser = useBrowser();
const url = () => server!.url;
/** An address of the page's, asked from outside the browser: straight to the server, around the cut network. */
const direct = (address: string) => address.replace(server!.url, server!.directUrl);

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function openUploader(): Promise<Page> {
  const { page } = await browser.open();
  await page.goto(`${url()}/submittedFiles`);
  await page.getByLabel('Username').waitFor({ timeout: 30_000 });
  await page.getByLabel('Username').fill('bob');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('file-uploader').waitFor({ timeout: 30_000 });
  return page;
}

/** The page's network through the DevTools protocol: upload speed in bytes per second (-1: any), or offline. */
async function networkOf(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return (conditions: { uploadBytesPerSecond?: number; offline?: boolean }) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: conditions.offline ?? false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: conditions.uploadBytesPerSecond ?? -1,
    });
}

const uploadRow = (page: Page, fileName: string) =>
  page.locator(`[data-testid="upload-row"][data-file-name="${fileName}"]`);
const percentOf = async (page: Page, fileName: string) =>
  Number(await uploadRow(page, fileName).getByRole('progressbar').getAttribute('aria-valuenow'));

/** What the page keeps: the signed-in user's access token and the address tus-js-client stored for the upload. */
async function pageState(page: Page): Promise<{ token: string; uploadUrl: string | undefined }> {
  return page.evaluate(() => {
    const storage = (globalThis as unknown as { localStorage: Storage }).localStorage;
    let token = '';
    let uploadUrl: string | undefined;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)!;
      const value = storage.getItem(key) ?? '';
      if (key.startsWith('tus::')) uploadUrl = JSON.parse(value).uploadUrl;
      else if (value.includes('"access_token"')) token = JSON.parse(value).access_token;
    }
    return { token, uploadUrl };
  });
}

/** The offset the server answers for the upload (tus HEAD), asked from outside the browser. */
async function serverOffset(page: Page): Promise<number> {
  const { token, uploadUrl } = await pageState(page);
  if (!uploadUrl) return -1;
  const response = await fetch(direct(uploadUrl), {
    method: 'HEAD',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
  });
  return response.ok ? Number(response.headers.get('upload-offset')) : -1;
}

/** Waits for the row to be done, then reads what the server kept of the upload. */
async function uploadedFile(page: Page, fileName: string, uploadUrl: string): Promise<UploadedFile> {
  await uploadRow(page, fileName).and(page.locator('[data-status="done"]')).waitFor({ timeout: 120_000 });
  const { token } = await pageState(page);
  const response = await fetch(direct(uploadUrl), { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as UploadedFile;
}

describe('tus uploads in the browser', () => {
  test('an upload cut off by a network drop resumes from the server’s offset and ends with the right bytes', {
    timeout: 180_000,
  }, async () => {
    const page = await openUploader();
    const network = await networkOf(page);
    const file = { name: 'Ledger 2026.pdf', mimeType: 'application/pdf', buffer: randomBytes(24 * MiB) };
    await network({ uploadBytesPerSecond: 3 * MiB });
    await page.getByTestId('file-uploader').locator('input[type=file]').setInputFiles([file]);
    await expect.poll(() => percentOf(page, file.name), { timeout: 30_000 }).toBeGreaterThan(20);

    server!.network.block();
    // The server kept what arrived before the drop: that is where the upload goes on from.
    await expect.poll(() => serverOffset(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const kept = await serverOffset(page);
    expect(kept).toBeLessThan(file.buffer.length);
    const { uploadUrl } = await pageState(page);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await serverOffset(page)).toBe(kept);

    server!.network.restore();
    await network({});
    const uploaded = await uploadedFile(page, file.name, uploadUrl!);
    expect(uploaded.sha256).toBe(sha256(file.buffer));
    expect(uploaded.size).toBe(file.buffer.length);
  });

  test('an upload goes on after the server is killed (kill -9) and started again, from the offset it kept', {
    timeout: 240_000,
  }, async () => {
    const page = await openUploader();
    const network = await networkOf(page);
    const file = { name: 'Scans 2025.pdf', mimeType: 'application/pdf', buffer: randomBytes(32 * MiB) };
    await network({ uploadBytesPerSecond: 3 * MiB });
    await page.getByTestId('file-uploader').locator('input[type=file]').setInputFiles([file]);
    await expect.poll(() => percentOf(page, file.name), { timeout: 30_000 }).toBeGreaterThan(15);
    // A drop first, so that the server holds a part of the file when it is killed.
    server!.network.block();
    await expect.poll(() => serverOffset(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const kept = await serverOffset(page);
    const { uploadUrl } = await pageState(page);
    server!.network.restore();
    await expect
      .poll(() => percentOf(page, file.name), { timeout: 60_000 })
      .toBeGreaterThan(Math.floor((kept / file.buffer.length) * 100) + 10);

    // Killed in the middle of the PATCH that carries the rest: nothing of it is answered.
    await server!.kill();
    await server!.restart();
    expect(await serverOffset(page)).toBeGreaterThanOrEqual(kept);
    await network({});
    const uploaded = await uploadedFile(page, file.name, uploadUrl!);
    expect(uploaded.sha256).toBe(sha256(file.buffer));
    expect(uploaded.size).toBe(file.buffer.length);
  });

  test('after a reload, choosing the same file again offers to resume it, and it resumes where it stopped', {
    timeout: 180_000,
  }, async () => {
    const page = await openUploader();
    const network = await networkOf(page);
    // A file on disk, as a person chooses it twice: the same name, size and modification time.
    const file = { name: 'Contracts 2024.pdf', buffer: randomBytes(24 * MiB) };
    const folder = await mkdtemp(path.join(tmpdir(), 'portico-e2e-resume-'));
    const onDisk = path.join(folder, file.name);
    await writeFile(onDisk, file.buffer);
    await network({ uploadBytesPerSecond: 3 * MiB });
    await page.getByTestId('file-uploader').locator('input[type=file]').setInputFiles([onDisk]);
    await expect.poll(() => percentOf(page, file.name), { timeout: 30_000 }).toBeGreaterThan(20);
    const { uploadUrl } = await pageState(page);

    // The reload breaks the PATCH on its way: the server keeps what arrived. The page asks before it lets a running
    // upload go (beforeunload; Chromium shows that only after a user gesture on the page, so not every run), and
    // the person reloading says yes: unanswered, Playwright dismisses it and the reload never happens.
    const leave = (dialog: Dialog) => void dialog.accept();
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    await page.getByTestId('file-uploader').waitFor({ timeout: 30_000 });
    await expect.poll(() => serverOffset(page), { timeout: 30_000 }).toBeGreaterThan(0);
    await network({});
    await page.getByTestId('file-uploader').locator('input[type=file]').setInputFiles([onDisk]);
    const offer = page.getByRole('dialog').filter({ hasText: 'Resume upload?' });
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.textContent()).toContain(file.name);
    await offer.getByRole('button', { name: 'Resume' }).click();

    // The same upload finished (a new one would have left this one incomplete).
    const uploaded = await uploadedFile(page, file.name, uploadUrl!);
    expect(uploaded.sha256).toBe(sha256(file.buffer));
    await rm(folder, { recursive: true, force: true });
  });
});
