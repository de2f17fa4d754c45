import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { createFsBlobStore } from '../apps/server/src/storage/fs-blob-store.ts';
import { readZip } from '../apps/server/src/testing/read-zip.ts';
import { useBrowser } from './support/browser-session.ts';
import { heapUsed, watchNativeDownloads } from './support/native-downloads.ts';
import { useServer } from './support/server.ts';

/**
 * Downloads go straight to Chromium's own download manager (issue 14, part 1): a click asks for a ticket with the
 * bearer token, then the browser fetches the ticket URL itself, so the download begins at once with its size
 * known, is written to disk as it arrives, and the page never holds the bytes.
 */

const server = useServer();
const browser = useBrowser();

const BIG_TITLE = 'Big statement 2026';
const BIG_SIZE = 300 * 1024 * 1024;
let bigSha256 = '';
let folder = '';

/** A 300 MiB published file on Bob's site, put in place as the firm would have published it. */
async function publishBigFile() {
  const blobs = createFsBlobStore(path.join(server().config.dataDir, 'blobs'));
  const pool = randomBytes(1024 * 1024);
  const hash = createHash('sha256');
  const blobKey = `acme/${randomUUID()}`;
  await blobs.put(
    blobKey,
    Readable.from(
      (function* () {
        for (let i = 0; i < BIG_SIZE / pool.length; i++) {
          hash.update(pool);
          yield pool;
        }
      })(),
    ),
  );
  bigSha256 = hash.digest('hex');
  const { rows } = await server().db.query<{ id: string }>(
    `SELECT id FROM sites WHERE reference = 'ACME-1001'`,
  );
  await server().db.query(
    `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key)
     VALUES ('acme', $1, 'published', $2, 'Big statement 2026.pdf', 'application/pdf', $3, $4, $5)`,
    [rows[0]!.id, BIG_TITLE, BIG_SIZE, bigSha256, blobKey],
  );
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'portico-native-downloads-'));
  await publishBigFile();
}, 120_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

async function openPublishedFiles(): Promise<Page> {
  const { page } = await browser.open();
  await page.goto(`${server().url}/publishedFiles`);
  const username = page.getByLabel('Username');
  await username.waitFor({ timeout: 20_000 });
  await username.fill('bob');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: `Download ${BIG_TITLE}` }).waitFor({ timeout: 30_000 });
  return page;
}

const sha256Of = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('native downloads', () => {
  test('a 300 MB file starts as a native download within 1 s of the click, sized, without the page holding it', async () => {
    const page = await openPublishedFiles();
    const downloads = await watchNativeDownloads(page, folder);
    try {
      const heapBefore = await heapUsed(downloads.pageSession);
      let heapPeak = heapBefore;
      const clickedAt = Date.now();
      await page.getByRole('button', { name: `Download ${BIG_TITLE}` }).click();
      const began = await downloads.began(0);
      expect(began.beganAt - clickedAt).toBeLessThan(1000);
      // The browser fetched the ticket URL itself: no token in it, only the ticket.
      expect(began.url).toMatch(
        /\/t\/acme\/file-management\/api\/files\/published-files\/[0-9a-f-]{36}\/download\/dt_[\w-]{43}$/,
      );
      expect(began.suggestedFilename).toBe('Big statement 2026.pdf');
      const sized = await downloads.sized(began.guid);
      expect(sized.totalBytes).toBe(BIG_SIZE);

      const sampling = setInterval(() => {
        heapUsed(downloads.pageSession).then(
          (used) => {
            heapPeak = Math.max(heapPeak, used);
          },
          () => {},
        );
      }, 100);
      const done = await downloads.finished(began.guid).finally(() => clearInterval(sampling));
      expect(done.state).toBe('completed');
      expect(done.receivedBytes).toBe(BIG_SIZE);
      expect((await stat(done.path)).size).toBe(BIG_SIZE);
      expect(await sha256Of(done.path)).toBe(bigSha256);
      expect(heapPeak - heapBefore).toBeLessThan(50 * 1000 * 1000);
      await rm(done.path, { force: true });
    } finally {
      await downloads.close();
    }
  });

  test('a zip of a selection is a native download whose total size the browser knows from the start', async () => {
    const page = await openPublishedFiles();
    const downloads = await watchNativeDownloads(page, folder);
    try {
      await page.getByRole('checkbox', { name: 'Select VAT return Q3' }).check();
      await page.getByRole('checkbox', { name: 'Select Annual accounts 2025' }).check();
      const clickedAt = Date.now();
      await page.getByTestId('download-zip').click();
      const began = await downloads.began(0);
      expect(began.beganAt - clickedAt).toBeLessThan(1000);
      expect(began.url).toMatch(/\/published-files\/zip\/dt_[\w-]{43}$/);
      expect(began.suggestedFilename).toMatch(/^Published Files \d{4}-\d{2}-\d{2}\.zip$/);
      const sized = await downloads.sized(began.guid);
      expect(sized.totalBytes).toBeGreaterThan(0);
      const done = await downloads.finished(began.guid);
      expect(done.state).toBe('completed');
      const zip = await readFile(done.path);
      expect(zip.length).toBe(sized.totalBytes);
      const entries = readZip(zip).map((e) => [e.name, e.method]);
      expect(entries.sort()).toEqual([
        ['Annual accounts 2025.pdf', 0],
        ['VAT return Q3 2026.pdf', 0],
      ]);
    } finally {
      await downloads.close();
    }
  });
});
