import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../config.ts';
import { PASSWORD_RULE_MESSAGES } from '../idp/password-rule.ts';
import { startServer } from '../main.ts';
import { createCliInstallation } from '../testing/cli.ts';
import { signIn } from '../testing/sign-in.ts';
import { freePort } from '../testing/test-server.ts';
import { listBlobFiles, windowsProgramBytes } from '../testing/uploads.ts';

/**
 * The operators' command line on an empty database (PGlite, or a database created for the test on the
 * DATABASE_URL server), as a new operator would set up a firm without the demo; then the real server on the
 * same data, where the people it created sign in and see what it published.
 */
const NORA = { email: 'nora@northwind.example', name: 'Nora North', password: 'correct horse battery' };
const JO = { email: 'jo@jones.example', name: 'Jo Jones', password: 'another long password' };
const LETTER = Buffer.from('%PDF-1.4\n% the engagement letter of the Jones family\n%%EOF\n');
const NOTE = Buffer.from('A note for the Jones family.\n');

let cli: Awaited<ReturnType<typeof createCliInstallation>>;
beforeAll(async () => {
  cli = await createCliInstallation();
}, 60_000);
afterAll(async () => {
  await cli?.close();
});

/** Runs a command that must succeed; answers its output lines. */
async function ok(
  argv: string[],
  stdin = '',
  options: { ownDatabase?: boolean; env?: Record<string, string> } = {},
) {
  const run = await cli.run(argv, stdin, options);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return run.stdout.trimEnd().split('\n');
}

/** Runs a command that must fail with one line on stderr; answers that line. */
async function fails(argv: string[], stdin = '') {
  const run = await cli.run(argv, stdin);
  expect(run.code).toBe(1);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^portico: \S/);
  return lines[0]!;
}

describe('portico, from an empty database to a working firm', { timeout: 240_000 }, () => {
  const folder = () => path.join(cli.dataDir, 'to-publish');

  test('the database starts empty: no demo firm', async () => {
    // The whole path once: settings, a database opened (on PostgreSQL migrated too) by the command itself, closed after.
    expect(await ok(['tenant', 'list'], '', { ownDatabase: true })).toEqual([
      'CODE  NAME  STATE  STAFF  SITES  CREATED',
    ]);
  });

  test('creates the firm, its first staff member, a site and a client, and publishes a folder', async () => {
    expect(await ok(['tenant', 'create', 'northwind', '--name', 'Northwind Tax'])).toContain(
      'Created tenant "northwind" (Northwind Tax).',
    );
    // The password comes on standard input, never as an argument.
    const staff = await ok(
      ['staff', 'invite', 'northwind', '--email', NORA.email, '--name', NORA.name, '--password-stdin'],
      `${NORA.password}\n`,
    );
    expect(staff).toEqual([
      `${NORA.email} is now staff of "northwind".`,
      expect.stringMatching(/sign in at http:\/\/localhost:8080\/control-panel\/ as "nora"/),
    ]);
    const as = ['--as', NORA.email];
    expect(
      await ok(['site', 'create', 'northwind', '--name', 'Jones family', '--reference', 'NW-1', ...as]),
    ).toEqual([expect.stringMatching(/^Created site "Jones family" \([0-9a-f-]{36}\)\.$/)]);
    const client = await ok(
      [
        'client',
        'invite',
        'northwind',
        '--site',
        'NW-1',
        '--email',
        JO.email,
        '--name',
        JO.name,
        ...as,
        '--password-stdin',
      ],
      JO.password,
    );
    expect(client[0]).toBe(`${JO.email} is now a client of the site.`);

    await mkdir(path.join(folder(), 'letters'), { recursive: true });
    await writeFile(path.join(folder(), 'letters', 'Engagement letter.pdf'), LETTER);
    await writeFile(path.join(folder(), 'Note.txt'), NOTE);
    const publish = ['publish', folder(), '--tenant', 'northwind', '--site', 'Jones family', ...as];
    expect(await ok([...publish, '--dry-run'])).toEqual([
      'publish  Note.txt (29 bytes)',
      `publish  letters/Engagement letter.pdf (${LETTER.length} bytes)`,
      'Dry run: 2 file(s) would be published to "Jones family"; nothing was written.',
    ]);
    expect(await ok(['site', 'list', 'northwind'])).toEqual([
      expect.stringMatching(/^ID +NAME +REFERENCE +MEMBERS +PUBLISHED +SUBMITTED +STATE +CREATED$/),
      expect.stringMatching(/ Jones family +NW-1 +1 +0 +0 +active +\d{4}-\d{2}-\d{2}$/),
    ]);
    expect((await ok(publish)).at(-1)).toBe(`Published 2 file(s) to "Jones family" as ${NORA.email}.`);
    // The subfolder became the site's folder "letters", the file sits in it; the loose file at the root.
    const placed = await (await cli.database()).query<{ file_name: string; folder: string | null }>(
      `SELECT f.file_name, d.name AS folder FROM files f LEFT JOIN folders d ON d.id = f.folder_id
       WHERE f.tenant_code = 'northwind' ORDER BY f.file_name`,
    );
    expect(placed.rows).toEqual([
      { file_name: 'Engagement letter.pdf', folder: 'letters' },
      { file_name: 'Note.txt', folder: null },
    ]);
    // Again: the same bytes are published already, so nothing is sent twice.
    expect(await ok(publish)).toEqual([
      'skip     Note.txt (published already, same SHA-256)',
      'skip     Engagement letter.pdf (published already, same SHA-256)',
      'Nothing to publish: "Jones family" has every file already.',
    ]);
  });

  test('shows the discovery rows and the audit log of what it did', async () => {
    const rows = await ok(['discovery', 'show', 'northwind']);
    expect(rows).toHaveLength(11);
    expect(rows).toContainEqual(
      expect.stringMatching(
        /^portal +portal +\/t\/northwind\/portal\/ +http:\/\/localhost:8080\/t\/northwind\/portal\/$/,
      ),
    );
    const placeFileStorage = (address: string) =>
      ok(['discovery', 'set', 'northwind', '--service', 'file-storage', '--address', address]);
    await placeFileStorage('https://files.example.com/t/northwind/file-storage/');
    expect(await ok(['discovery', 'show', 'northwind'])).toContainEqual(
      expect.stringMatching(
        /^file-storage +portal +https:\/\/files\.example\.com\/t\/northwind\/file-storage\//,
      ),
    );
    await placeFileStorage('/t/northwind/file-storage/');

    const day = new Date().toISOString().slice(0, 10);
    const csv = (await ok(['audit', 'export', 'northwind', '--from', day, '--to', day])).join('\n');
    for (const action of [
      'tenant.create',
      'staff.add',
      'site.create',
      'member.add',
      'file.publish',
      'discovery.update',
    ]) {
      expect(csv).toContain(`"${action}"`);
    }
    expect(csv).not.toContain(NORA.password);
  });

  test('the staff member and the client sign in to the server and find what the command line made', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = parseConfig({
      ...cli.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
    });
    await cli.release();
    const server = await startServer(config, { quiet: true, logger: false });
    try {
      const staff = await signIn(url, 'nora', NORA.password, {
        clientId: config.oidcControlPanelClientId,
        redirectUri: `${url}/control-panel/login/callback`,
      });
      const sites = await fetch(`${url}/t/northwind/portal/api/staff/sites`, {
        headers: { authorization: `Bearer ${staff.accessToken}` },
      });
      expect(sites.status).toBe(200);
      expect(((await sites.json()) as { records: unknown[] }).records).toEqual([
        expect.objectContaining({
          name: 'Jones family',
          reference: 'NW-1',
          memberCount: 1,
          publishedFileCount: 2,
        }),
      ]);

      const client = await signIn(url, 'jo', JO.password);
      const bearer = { authorization: `Bearer ${client.accessToken}` };
      const mySites = (await (
        await fetch(`${url}/t/northwind/portal/api/sites?limit=10&offset=0`, { headers: bearer })
      ).json()) as { records: { id: string }[] };
      const siteId = mySites.records[0]!.id;
      const files = (await (
        await fetch(`${url}/t/northwind/file-management/api/files/published-files?siteId=${siteId}`, {
          headers: bearer,
        })
      ).json()) as { records: { id: string; fileName: string }[] };
      const letter = files.records.find((f) => f.fileName === 'Engagement letter.pdf');
      expect(letter).toBeDefined();
      const download = await fetch(
        `${url}/t/northwind/file-management/api/files/published-files/${letter?.id}`,
        {
          headers: bearer,
        },
      );
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(LETTER);
      if (!cli.env.DATABASE_URL) {
        // PGlite allows one process on its folder: the command line says so rather than wait or break it.
        const busy = await cli.run(['tenant', 'list'], '', { ownDatabase: true });
        expect([busy.code, busy.stderr]).toEqual([
          1,
          expect.stringMatching(
            /^portico: the PGlite database in .* is in use \(process \d+\): stop the server first/,
          ),
        ]);
      }
    } finally {
      await server.app.close();
    }
  });
});

describe('portico, when something is wrong', { timeout: 240_000 }, () => {
  test('every command documents itself with --help', async () => {
    const commands = [
      ['tenant', 'create'],
      ['tenant', 'list'],
      ['tenant', 'rename'],
      ['tenant', 'disable'],
      ['staff', 'invite'],
      ['staff', 'list'],
      ['staff', 'remove'],
      ['client', 'invite'],
      ['client', 'list'],
      ['site', 'create'],
      ['site', 'list'],
      ['site', 'archive'],
      ['member', 'add'],
      ['member', 'remove'],
      ['publish'],
      ['discovery', 'show'],
      ['discovery', 'set'],
      ['audit', 'export'],
      ['user', 'reset-two-step'],
      ['folder', 'list'],
      ['folder', 'create'],
      ['trash', 'list'],
      ['trash', 'restore'],
      ['file', 'move'],
    ];
    for (const command of commands) {
      const run = await cli.run([...command, '--help']);
      expect({ command, code: run.code }).toEqual({ command, code: 0 });
      expect(run.stdout).toMatch(new RegExp(`^Usage: portico ${command.join(' ')} `));
    }
  });

  test('a bad value or a duplicate fails with one line and exit code 1', async () => {
    expect(await fails(['tenant', 'create', 'Not A Code', '--name', 'X'])).toMatch(/is not a tenant code/);
    await ok(['tenant', 'create', 'errors', '--name', 'Errors Ltd']);
    expect(await fails(['tenant', 'create', 'errors', '--name', 'Again'])).toBe(
      'portico: Tenant "errors" exists already.',
    );
    expect(
      await fails(
        ['staff', 'invite', 'errors', '--email', 'x@errors.example', '--name', 'X', '--password-stdin'],
        'short\n',
      ),
    ).toBe(`portico: ${PASSWORD_RULE_MESSAGES.tooShort}`);
    // The same rule as the web pages: not the person's own address, not a common password.
    expect(
      await fails(
        ['staff', 'invite', 'errors', '--email', 'x@errors.example', '--name', 'X', '--password-stdin'],
        'x@errors.example\n',
      ),
    ).toBe(`portico: ${PASSWORD_RULE_MESSAGES.own}`);
    expect(
      await fails(
        ['staff', 'invite', 'errors', '--email', 'x@errors.example', '--name', 'X', '--password-stdin'],
        'qwertyuiop123\n',
      ),
    ).toBe(`portico: ${PASSWORD_RULE_MESSAGES.common}`);
    expect(await fails(['site', 'create', 'errors', '--name', 'S', '--as', 'nobody@errors.example'])).toMatch(
      /is not staff/,
    );
    expect(await fails(['audit', 'export', 'errors', '--from', '2026-13-01', '--to', '2026-12-31'])).toMatch(
      /YYYY-MM-DD/,
    );
    // Names are checked as the API checks them: no line break or other control character.
    const badName = '--name must have 1 to 200 characters, without line breaks or other control characters';
    expect(await fails(['tenant', 'create', 'crlf', '--name', 'Bad\r\nBcc: x@evil.example'])).toBe(
      `portico: ${badName}`,
    );
    expect(await fails(['tenant', 'rename', 'errors', '--name', 'Two\nlines'])).toBe(`portico: ${badName}`);
    expect(
      await fails(['staff', 'invite', 'errors', '--email', 'y@errors.example', '--name', 'Y\r\nZ']),
    ).toBe(`portico: ${badName}`);
    expect(await fails(['site', 'create', 'errors', '--name', ' \t ', '--as', 'nobody@errors.example'])).toBe(
      `portico: ${badName}`,
    );
    expect(await fails(['tenant', 'disable', 'no-such-firm'])).toBe(
      'portico: There is no tenant "no-such-firm".',
    );
  });

  test('a failed invitation leaves nothing behind; a publish reports each refused file and publishes the rest', async () => {
    await ok([
      'staff',
      'invite',
      'errors',
      '--email',
      'erin@errors.example',
      '--name',
      'Erin',
      '--username',
      'erin',
    ]);
    const as = ['--as', 'erin@errors.example'];
    await ok(['site', 'create', 'errors', '--name', 'Site E', '--reference', 'E-1', ...as]);
    // The username is someone else's: the person, the account and the membership are all left out.
    expect(
      await fails([
        'client',
        'invite',
        'errors',
        '--site',
        'E-1',
        '--email',
        'eve@else.example',
        '--name',
        'Eve',
        '--username',
        'erin',
        ...as,
      ]),
    ).toMatch(/username "erin" belongs to someone else/);

    // A folder whose second file is a program named as a document, and whose third repeats the first: the program
    // is reported (a dry run says so too), the rest published once, and the command fails at the end.
    const folder = path.join(cli.dataDir, 'mixed');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'a.txt'), 'fine\n');
    const program = windowsProgramBytes();
    await writeFile(path.join(folder, 'b.pdf'), program);
    await writeFile(path.join(folder, 'c copy.txt'), 'fine\n');
    const blobsBefore = await listBlobFiles(cli.dataDir);
    const publish = ['publish', folder, '--tenant', 'errors', '--site', 'E-1', ...as];
    for (const argv of [[...publish, '--dry-run'], publish]) {
      const run = await cli.run(argv);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`portico: 1 file(s) refused, the others done: ${path.join(folder, 'b.pdf')}\n`);
      expect(run.stdout).toContain('refuse   b.pdf: This file is a Windows program');
      expect(run.stdout).toContain('skip     c copy.txt (the same content as a.txt, published once)');
    }
    expect((await listBlobFiles(cli.dataDir)).length).toBe(blobsBefore.length + 1);

    const db = await cli.database();
    const users = await db.query('SELECT 1 FROM users WHERE email = $1', ['eve@else.example']);
    const files = await db.query("SELECT 1 FROM files WHERE tenant_code = 'errors'");
    const uploads = await db.query("SELECT 1 FROM uploads WHERE tenant_code = 'errors'");
    expect({ users: users.rows.length, files: files.rows.length, uploads: uploads.rows.length }).toEqual({
      users: 0,
      files: 1,
      uploads: 1,
    });
  });

  test('renames, archives, adds and removes members and staff, each recorded in the audit log', async () => {
    const as = ['--as', 'erin@errors.example'];
    await ok(['tenant', 'rename', 'errors', '--name', 'Errors & Co']);
    expect(await ok(['tenant', 'list'])).toContainEqual(
      expect.stringMatching(/^errors +Errors & Co +active /),
    );
    await ok(['member', 'add', 'errors', '--site', 'Site E', '--email', 'max@members.example', ...as]);
    expect((await ok(['client', 'list', 'errors'])).join('\n')).toContain('max@members.example');
    await ok(['member', 'remove', 'errors', '--site', 'E-1', '--email', 'max@members.example', ...as]);
    expect((await ok(['client', 'list', 'errors'])).join('\n')).not.toContain('max@members.example');
    expect(
      await fails(['member', 'remove', 'errors', '--site', 'E-1', '--email', 'nobody@x.example', ...as]),
    ).toMatch(/not a member/);
    await ok(['site', 'archive', 'errors', '--site', 'E-1', ...as]);
    expect(await ok(['site', 'list', 'errors'])).toHaveLength(1);
    expect((await ok(['site', 'list', 'errors', '--archived'])).join('\n')).toMatch(/Site E .*archived/);
    await ok([
      'staff',
      'invite',
      'errors',
      '--email',
      'sam@errors.example',
      '--name',
      'Sam',
      '--username',
      'samuel',
    ]);
    // Invited again without a username: the account keeps its own rather than the one derived from the address.
    expect(
      (await ok(['staff', 'invite', 'errors', '--email', 'sam@errors.example', '--name', 'Sam'])).join('\n'),
    ).toContain('as "samuel"');
    await ok(['staff', 'remove', 'errors', '--email', 'sam@errors.example']);
    expect((await ok(['staff', 'list', 'errors'])).join('\n')).not.toContain('sam@');
    const day = new Date().toISOString().slice(0, 10);
    const csv = (await ok(['audit', 'export', 'errors', '--from', day, '--to', day])).join('\n');
    for (const action of ['tenant.rename', 'member.remove', 'site.archive', 'staff.remove']) {
      expect(csv).toContain(`"${action}"`);
    }
  });

  test('with an external issuer, an invitation creates no account and says what to do at the provider', async () => {
    const env = { OIDC_ISSUER: 'https://id.example.com/realms/portico' };
    const invited = await ok(
      ['staff', 'invite', 'errors', '--email', 'kim@errors.example', '--name', 'Kim'],
      '',
      {
        env,
      },
    );
    expect(invited.join('\n')).toContain('create kim@errors.example at your identity provider');
    const run = await cli.run(
      ['staff', 'invite', 'errors', '--email', 'kim@errors.example', '--name', 'Kim', '--password-stdin'],
      'a long password\n',
      { env },
    );
    expect([run.code, run.stderr.trim()]).toEqual([
      1,
      'portico: --password-stdin and --username are for the embedded provider: OIDC_ISSUER is set',
    ]);
  });

  test('a disabled firm is listed as such, and commands acting in it are refused', async () => {
    await ok(['tenant', 'disable', 'errors']);
    expect(await ok(['tenant', 'list'])).toContainEqual(
      expect.stringMatching(/^errors +Errors & Co +disabled /),
    );
    expect(await fails(['site', 'create', 'errors', '--name', 'X', '--as', 'erin@errors.example'])).toMatch(
      /disabled/,
    );
  });
});
