import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../apps/server/src/config.ts';
import { startServer } from '../apps/server/src/main.ts';
import { createCliInstallation } from '../apps/server/src/testing/cli.ts';
import { freePort } from '../apps/server/src/testing/test-server.ts';
import { expectNoSeriousA11yViolations, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';

/**
 * A firm set up by an operator with the command line alone, from an empty database and without the demo; then
 * its new staff member signs in to the control panel in Chromium and finds the site and the files.
 */
// The e2e project compiles without the DOM library; this runs inside the page.
declare const localStorage: {
  length: number;
  key(i: number): string | null;
  getItem(k: string): string | null;
};

const NOTE = 'Dear Jo, this letter is for your eyes only.\n';
/** Everything the server logs during the spec, at its most talkative level, with its production redaction. */
const logLines: string[] = [];
const NORA = { email: 'nora@northwind.example', name: 'Nora North', password: 'correct horse battery' };

let cli: Awaited<ReturnType<typeof createCliInstallation>>;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let url = '';
const browser = useBrowser();

async function portico(argv: string[], stdin = '') {
  const run = await cli.run(argv, stdin);
  if (run.code !== 0) throw new Error(`portico ${argv.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

beforeAll(async () => {
  cli = await createCliInstallation();
  await portico(['tenant', 'create', 'northwind', '--name', 'Northwind Tax']);
  await portico(
    ['staff', 'invite', 'northwind', '--email', NORA.email, '--name', NORA.name, '--password-stdin'],
    NORA.password,
  );
  const as = ['--as', NORA.email];
  await portico(['site', 'create', 'northwind', '--name', 'Jones family', '--reference', 'NW-1', ...as]);
  await portico([
    'client',
    'invite',
    'northwind',
    '--site',
    'NW-1',
    '--email',
    'jo@jones.example',
    '--name',
    'Jo Jones',
    ...as,
  ]);
  const folder = path.join(cli.dataDir, 'letters');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'Engagement letter.txt'), NOTE);
  await portico(['publish', folder, '--tenant', 'northwind', '--site', 'NW-1', ...as]);
  expect(await portico(['discovery', 'show', 'northwind'])).toContain('/t/northwind/portal/');
  await cli.release();

  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await startServer(
    parseConfig({ ...cli.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'trace' }),
    { quiet: true, logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } } },
  );
}, 240_000);
afterAll(async () => {
  await server?.app.close();
  await cli?.close();
});

describe('a firm set up with the command line', () => {
  test('its new staff member signs in to the control panel and sees the site the command line made', async () => {
    const { page, errors } = await browser.open();
    await page.goto(`${url}/control-panel/`);
    await page.getByLabel('Username').waitFor({ timeout: 20_000 });
    await page.getByLabel('Username').fill('nora');
    await page.getByLabel('Password').fill(NORA.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor({ timeout: 20_000 });
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Jones family' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('NW-1');
    expect(await page.getByText('Northwind Tax').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'operator-cli-control-panel');
    expect(errors).toEqual([]);

    // The whole run's log: request lines, and neither the tokens the browser holds, nor the password, nor a file.
    const stored = await page.evaluate(() => {
      const values: string[] = [];
      for (let i = 0; i < localStorage.length; i++)
        values.push(localStorage.getItem(localStorage.key(i) ?? '') ?? '');
      return values.join('\n');
    });
    const tokens = [...stored.matchAll(/"(access_token|refresh_token|id_token)":"([^"]+)"/g)].map(
      (m) => m[2]!,
    );
    expect(tokens.length).toBeGreaterThan(0);
    const log = logLines.join('');
    expect(log).toContain('"url":"/t/northwind/portal/api/staff/sites');
    for (const secret of [
      ...tokens,
      ...tokens.map((t) => t.split('.')[2] ?? t),
      NORA.password,
      NOTE.trim(),
    ]) {
      expect(log.includes(secret), `${secret.slice(0, 12)}… is in the log`).toBe(false);
    }
  });
});
