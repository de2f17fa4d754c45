import { execFile } from 'node:child_process';
import { access, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DownloadTicket } from '@portico/contracts';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo-data.ts';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { heapUsed, watchNativeDownloads } from '../../e2e/support/native-downloads.ts';
import { type Benchmark, EndpointMissing } from '../lib/benchmark.ts';
import { gbps } from '../lib/compare.ts';
import { CLIENT, fileManagement, publishRandomFiles, siteIdOf, syncDisks } from '../lib/fixture.ts';
import { type Nginx, startNginx } from '../lib/nginx.ts';
import { startPortico } from '../lib/portico.ts';
import { childPidNamed, readCpuMs, readTreeCpuMs } from '../lib/rss.ts';
import { formatBytes, GiB, gbPerSecond, median, REPO_DIR } from '../lib/settings.ts';

const TARGET = 0.8;
const HEAP_LIMIT_BYTES = 50e6;

/** "1.20 s (main 0.70, utility 0.45, renderer 0.05)": Chromium's CPU in a run, in all and by kind of process. */
const describeCpu = (byKind: Record<string, number>) => {
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  const parts = Object.entries(byKind)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(2)}`);
  return `${(total / 1000).toFixed(2)} s (${parts.join(', ')})`;
};

interface Run {
  ms: number;
  serverCpuMs: number;
}

/** `curl -o file url`: the wall time of the whole transfer, checked for status and size. */
async function curlTo(url: string, file: string, size: number): Promise<number> {
  const t0 = performance.now();
  const { stdout } = await promisify(execFile)('curl', [
    '-s',
    '-o',
    file,
    '-w',
    '%{http_code} %{size_download}',
    url,
  ]);
  const ms = performance.now() - t0;
  const [status, bytes] = stdout.trim().split(' ').map(Number);
  if (status !== 200 || bytes !== size) throw new Error(`curl ${url} answered ${status} with ${bytes} bytes`);
  return ms;
}

/**
 * A browser download of a 1 GiB published file in headless Chromium, started as a person starts it (a click on
 * the file's Download button in the portal: a ticket is asked for with the bearer token, then Chromium's own
 * download manager fetches the ticket URL and writes the file to disk), vs. `curl -o` fetching the same kind of
 * ticket URL from the same server, vs. `curl -o` fetching the very same blob file from nginx (sendfile). The
 * page's JavaScript heap is sampled during the browser's downloads.
 */
export const browserDownloadBenchmark: Benchmark = {
  name: 'browser-download',
  title: 'Browser download 1 GiB',
  target: `≥ ${TARGET}× curl, heap < 50 MB`,
  async run({ settings, dir, log }) {
    if (
      !(await access(path.join(REPO_DIR, 'apps/portal/dist/index.html')).then(
        () => true,
        () => false,
      ))
    )
      throw new EndpointMissing('the portal is not built (npm run build)');
    const size = Math.round(GiB * settings.scale);
    // Every side writes the file it receives into memory (tmpfs) when there is one: this shared machine's disk
    // writes vary from one second to the next far more than the software does (bench/README.md).
    const memory = await access('/dev/shm').then(
      () => '/dev/shm',
      () => undefined,
    );
    const downloads = await mkdtemp(path.join(memory ?? dir, 'portico-bench-downloads-'));
    const portico = await startPortico(dir, settings);
    let nginx: Nginx | undefined;
    let browser: Browser | undefined;
    try {
      const siteId = await siteIdOf(portico);
      const token = await portico.signIn(CLIENT);
      log(`writing a ${formatBytes(size)} published file`);
      const [file] = await publishRandomFiles(portico, siteId, [
        { size, fileName: 'Bench browser download.pdf', contentType: 'application/pdf' },
      ]);
      nginx = await startNginx(dir, portico.blobDir);
      const blobPath = path.relative(portico.blobDir, file!.blobPath);

      const ticketUrl = async () => {
        const response = await fetch(`${fileManagement(portico)}/published-files/download-tickets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ fileIds: [file!.id] }),
        });
        if (response.status === 404)
          throw new EndpointMissing('no download tickets (POST …/download-tickets)');
        const ticket = (await response.json()) as DownloadTicket;
        return `${portico.url}/t/acme/file-management/${ticket.url}`;
      };

      log('signing in to the portal in Chromium');
      browser = await launchBrowser();
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page: Page = await context.newPage();
      await page.goto(`${portico.url}/publishedFiles`);
      await page.getByLabel('Username').fill(CLIENT);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const button = page.getByRole('button', { name: 'Download Bench browser download' });
      await button.waitFor({ timeout: 60_000 });
      const watcher = await watchNativeDownloads(page, downloads);
      const heapGrowth: number[] = [];
      // Where a browser run's time goes: the download manager's own span, and the CPU of all Chromium's processes.
      const managerMs: number[] = [];
      const chromiumCpuMs: Record<string, number>[] = [];
      const chromiumPid = await childPidNamed('chrom');

      /**
       * One native download in Chromium, started by `start`, timed from it to the download manager's `completed`.
       * Only Portico's runs (`track`) sample the page heap and Chromium's CPU.
       */
      const chromiumDownload = async (start: () => Promise<void>, track: boolean) => {
        const before = watcher.count();
        const heapBefore = await heapUsed(watcher.pageSession);
        let peak = heapBefore;
        const sampling = setInterval(() => {
          heapUsed(watcher.pageSession).then(
            (used) => {
              peak = Math.max(peak, used);
            },
            () => {},
          );
        }, 100);
        const cpu0 = chromiumPid ? await readTreeCpuMs(chromiumPid) : {};
        const t0 = performance.now();
        try {
          await start();
          const began = await watcher.began(before);
          const done = await watcher.finished(began.guid, 600_000);
          const ms = performance.now() - t0;
          if (track) managerMs.push((done.endedAt ?? Date.now()) - began.beganAt);
          if (chromiumPid && track) {
            const cpu1 = await readTreeCpuMs(chromiumPid);
            chromiumCpuMs.push(
              Object.fromEntries(Object.entries(cpu1).map(([kind, ms]) => [kind, ms - (cpu0[kind] ?? 0)])),
            );
          }
          if (done.state !== 'completed' || (await stat(done.path)).size !== size)
            throw new Error(`the browser's download ended ${done.state} with ${done.receivedBytes} bytes`);
          await rm(done.path, { force: true });
          return ms;
        } finally {
          clearInterval(sampling);
          if (track) heapGrowth.push(peak - heapBefore);
        }
      };

      const sides = {
        browser: {
          pid: portico.pid,
          run: () => chromiumDownload(() => button.click(), true),
        },
        // The browser's own ceiling: the same Chromium downloading the same blob file from nginx (a link to it;
        // nginx answers application/octet-stream, which Chromium downloads rather than shows).
        browserNginx: nginx && {
          pid: nginx.pid,
          run: () =>
            chromiumDownload(
              () =>
                page.evaluate((href) => {
                  const { document } = globalThis as unknown as {
                    document: {
                      createElement(tag: 'a'): { href: string; click(): void };
                    };
                  };
                  const link = document.createElement('a');
                  link.href = href;
                  link.click();
                }, `${nginx!.url}/${blobPath}`),
              false,
            ),
        },
        curl: {
          pid: portico.pid,
          async run() {
            const target = path.join(downloads, 'curl.bin');
            const ms = await curlTo(await ticketUrl(), target, size);
            await rm(target, { force: true });
            return ms;
          },
        },
        nginx: nginx && {
          pid: nginx.pid,
          async run() {
            const target = path.join(downloads, 'nginx.bin');
            const ms = await curlTo(`${nginx!.url}/${blobPath}`, target, size);
            await rm(target, { force: true });
            return ms;
          },
        },
      };
      type Name = keyof typeof sides;
      const names = (Object.keys(sides) as Name[]).filter((n) => sides[n]);
      const runs: Record<Name, Run[]> = { browser: [], browserNginx: [], curl: [], nginx: [] };
      const once = async (name: Name, record: boolean, label: string) => {
        const side = sides[name]!;
        await syncDisks();
        const cpu0 = await readCpuMs(side.pid);
        const ms = await side.run();
        const serverCpuMs = (await readCpuMs(side.pid)) - cpu0;
        if (record) runs[name].push({ ms, serverCpuMs });
        log(
          `${label} ${name}: ${(ms / 1000).toFixed(2)} s, ${gbPerSecond(size, ms).toFixed(3)} GB/s, ` +
            `server CPU ${(serverCpuMs / 1000).toFixed(2)} s`,
        );
      };
      for (const name of names) await once(name, false, 'warm-up');
      heapGrowth.length = 0;
      managerMs.length = 0;
      chromiumCpuMs.length = 0;
      for (let i = 0; i < settings.repeat; i++) {
        // Each side goes first, second and third in turn, so drift falls on all of them.
        const order = names.map((_, k) => names[(k + i) % names.length]!);
        for (const name of order) await once(name, true, `run ${i + 1}/${settings.repeat}`);
      }
      await watcher.close();

      const rate = (name: Name) => gbPerSecond(size, median(runs[name].map((r) => r.ms)));
      const cpu = (name: Name) => `${(median(runs[name].map((r) => r.serverCpuMs)) / 1000).toFixed(2)} s`;
      const browserRate = rate('browser');
      const curlRate = rate('curl');
      const ratio = browserRate / curlRate;
      const heapPeak = Math.max(...heapGrowth);
      const nginxRate = nginx ? rate('nginx') : undefined;
      const browserNginxRate = nginx ? rate('browserNginx') : undefined;
      const vsNginx =
        nginxRate && browserNginxRate
          ? `Portico ÷ nginx ${(curlRate / nginxRate).toFixed(2)}× with curl, ${(browserRate / browserNginxRate).toFixed(2)}× in Chromium (Chromium from nginx ${gbps(browserNginxRate)}, ${(browserNginxRate / curlRate).toFixed(2)}× curl from Portico)`
          : 'nginx not installed (apt-get install nginx-light)';
      const seconds = (name: Name) => runs[name].map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(', ');
      return {
        portico: `${gbps(browserRate)} (Chromium)`,
        baseline: `${gbps(curlRate)} (curl)${nginxRate ? `; nginx ${gbps(nginxRate)}` : ''}`,
        ratio: `${ratio.toFixed(2)}×`,
        pass: ratio >= TARGET && heapPeak < HEAP_LIMIT_BYTES,
        notes: `page heap grew ≤ ${(heapPeak / 1e6).toFixed(1)} MB; ${vsNginx}; server CPU ${cpu('browser')} (Chromium) vs ${cpu('curl')} (curl) per run`,
        details: [
          `- File: ${formatBytes(size)} of random bytes, a published file of the demo site. Chromium (headless, Debian's) is signed in to the portal as ${CLIENT}; each run clicks the file's Download button and is timed from the click to the download manager's \`completed\` (ticket request included), the file written to ${memory ? `${memory} (tmpfs)` : 'the work folder'}. curl fetches a fresh ticket URL of the same file from the same server with \`curl -s -o file\` into the same folder; \`sync\` runs before every run.`,
          `- nginx: ${nginx ? `Debian's nginx (${process.env.BENCH_NGINX ?? '/usr/sbin/nginx'}), one process, \`sendfile on\`, serving the same blob file to \`curl -s -o file\`, and to the same Chromium through a link to it (its own download manager, the browser's ceiling on this machine)` : 'not installed, not measured'}.`,
          `- Runs (median of ${settings.repeat} after one warm-up each, order rotated): Chromium ${seconds('browser')}; curl ${seconds('curl')}${nginx ? `; nginx with curl ${seconds('nginx')}; nginx in Chromium ${seconds('browserNginx')}` : ''}.`,
          `- Page JS heap growth per browser run (DevTools Runtime.getHeapUsage every 100 ms, peak minus before): ${heapGrowth.map((b) => `${(b / 1e6).toFixed(1)} MB`).join(', ')}.`,
          `- Server CPU per run (median): Portico ${cpu('browser')} for Chromium, ${cpu('curl')} for curl${nginx ? `; nginx ${cpu('nginx')}` : ''}.`,
          `- Chromium per run: from \`downloadWillBegin\` to \`completed\` ${managerMs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}; CPU of its processes ${chromiumCpuMs.length ? chromiumCpuMs.map(describeCpu).join('; ') : 'not found'}.`,
        ],
      };
    } finally {
      await browser?.close().catch(() => {});
      await rm(downloads, { recursive: true, force: true });
      await nginx?.stop();
      await portico.stop();
    }
  },
};
