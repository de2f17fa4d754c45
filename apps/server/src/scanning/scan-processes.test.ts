import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { SiteList, UploadResponse, UploadScans } from '@portico/contracts';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { runCli } from '../cli/main.ts';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { EICAR, startTestClamd } from '../testing/clamd.ts';
import { spawnServerProcess } from '../testing/server-process.ts';
import { signIn } from '../testing/sign-in.ts';
import { createThrowawayDatabase } from '../testing/test-database.ts';
import { freePort } from '../testing/test-server.ts';

const clamd = await startTestClamd();
const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-scan-'));
const database = await createThrowawayDatabase(dataDir);
afterAll(async () => {
  await clamd.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});
const base = {
  DATA_DIR: dataDir,
  CLAMD_URL: clamd.url,
  ...(database.url ? { DATABASE_URL: database.url } : {}),
};

async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough().setEncoding('utf8').on('data', (text: string) => (stdout += text));
  const err = new PassThrough().setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await runCli(argv, { stdout: out, stderr: err, stdin: Readable.from(['']), env: base });
  return { code, stdout, stderr };
}

describe('scanning across restarts and from the command line', { timeout: 240_000 }, () => {
  test('a server killed (kill -9) in the middle of a scan scans the file after its restart', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { ...base, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn' };
    const first = spawnServerProcess({ SEED_DEMO: 'true', LOGIN_RATE_LIMIT: '1000', ...env });
    await first.running();
    expect(first.stdout()).toMatch(/Virus scanning\s+clamd at 127\.0\.0\.1:\d+/);

    const { accessToken } = await signIn(url, 'bob', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    const sites = (await (await fetch(`${url}/t/acme/portal/api/sites`, { headers })).json()) as SiteList;
    // clamd hangs: the scan is sent and waits for an answer when the process dies.
    clamd.pause();
    const form = new FormData();
    form.append('siteId', sites.records[0]!.id);
    form.append('file', new File(['%PDF-1.4 crash test'], 'Crash test.pdf', { type: 'application/pdf' }));
    const uploaded = (await (
      await fetch(`${url}/t/acme/file-storage/api/files`, { method: 'POST', body: form, headers })
    ).json()) as UploadResponse;
    const reference = uploaded.files[0]!.referenceNumber;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await first.kill();
    clamd.resume();

    const second = spawnServerProcess({ LOGIN_RATE_LIMIT: '1000', ...env });
    try {
      await second.running();
      const { accessToken: again } = await signIn(url, 'bob', DEMO_PASSWORD);
      await vi.waitFor(
        async () => {
          const scans = (await (
            await fetch(`${url}/t/acme/file-storage/api/files/scans?referenceNumbers=${reference}`, {
              headers: { authorization: `Bearer ${again}` },
            })
          ).json()) as UploadScans;
          expect(scans.scans).toEqual([{ referenceNumber: reference, state: 'clean', released: true }]);
        },
        // PGlite: the restarted process releases the dead one's claim at once; PostgreSQL: its lease (SCAN_LEASE_SECONDS, 15 s) ends.
        { timeout: 90_000, interval: 500 },
      );
    } finally {
      await second.kill();
    }
  });

  test("the CLI's publish scans what it published, and scan --all rescans every stored file", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portico-publish-'));
    try {
      await writeFile(path.join(folder, 'minutes.txt'), EICAR);
      const published = await cli([
        'publish',
        folder,
        '--tenant',
        'acme',
        '--site',
        'ACME-1001',
        '--as',
        'carol@acme.example',
      ]);
      expect(published.stderr).toBe('');
      expect(published.stdout).toMatch(
        /Scanned 1 file\(s\) with clamd at 127\.0\.0\.1:\d+: 1 infected \(quarantined\)\./,
      );

      const rescan = await cli(['scan', '--all']);
      expect(rescan.code).toBe(0);
      expect(rescan.stdout).toMatch(/(\d+) stored file\(s\) to rescan\./);
      const due = Number(/(\d+) stored file\(s\)/.exec(rescan.stdout)![1]);
      expect(due).toBeGreaterThan(1);
      expect(rescan.stdout).toContain(`Scanned ${due} file(s)`);
      expect(rescan.stdout).toContain(': 0 infected');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
