import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/database.ts';
import { deleteFile } from '../file-actions/file-actions.usecases.ts';
import { createProject } from '../projects/projects.usecases.ts';
import { createTag } from '../tags/tags.usecases.ts';
import { findStaffCaller } from '../tenants/tenants.usecases.ts';
import { createCliInstallation } from '../testing/cli.ts';

/**
 * `portico folder|trash|file` (issue 27): a site's folders, its trash and moving a file, on an empty installation,
 * each through the server's own use case as the staff member `--as` names.
 */
const NORA = { email: 'nora@northwind.example', name: 'Nora North', password: 'correct horse battery' };

let cli: Awaited<ReturnType<typeof createCliInstallation>>;
beforeAll(async () => {
  cli = await createCliInstallation();
}, 60_000);
afterAll(async () => {
  await cli?.close();
});

async function ok(argv: string[], stdin = '') {
  const run = await cli.run(argv, stdin);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout.trimEnd().split('\n');
}
async function fails(argv: string[]) {
  const run = await cli.run(argv);
  expect(run.code).toBe(1);
  return run.stderr.trimEnd();
}

/** The database's rows, read through the handle the commands share. */
async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  return fn(await cli.database());
}

const as = ['--as', NORA.email];
const site = ['--site', 'NW-1'];

describe('portico folder, trash and file', { timeout: 240_000 }, () => {
  test('a firm with a site and a published file', async () => {
    await ok(['tenant', 'create', 'northwind', '--name', 'Northwind Tax']);
    await ok(
      ['staff', 'invite', 'northwind', '--email', NORA.email, '--name', NORA.name, '--password-stdin'],
      `${NORA.password}\n`,
    );
    await ok(['site', 'create', 'northwind', '--name', 'Jones family', '--reference', 'NW-1', ...as]);
    const folder = path.join(cli.dataDir, 'to-publish');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'Letter.pdf'), Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect((await ok(['publish', folder, '--tenant', 'northwind', ...site, ...as])).at(-1)).toContain(
      'Published 1 file(s)',
    );
  });

  test('folder create and list, a folder inside another by its path', async () => {
    expect(await ok(['folder', 'create', 'northwind', ...site, '--name', '2025', ...as])).toEqual([
      expect.stringMatching(/^Created folder "2025" \([0-9a-f-]{36}\)\.$/),
    ]);
    await ok(['folder', 'create', 'northwind', ...site, '--name', 'Q1', '--parent', '2025', ...as]);
    expect(await ok(['folder', 'list', 'northwind', ...site, ...as])).toEqual([
      expect.stringMatching(/^ID +PATH$/),
      expect.stringMatching(/^[0-9a-f-]{36} +2025$/),
      expect.stringMatching(/^[0-9a-f-]{36} {2}2025\/Q1$/),
    ]);
    expect(await fails(['folder', 'create', 'northwind', ...site, '--name', '2025', ...as])).toMatch(
      /^portico: .*2025/,
    );
    expect(
      await fails(['folder', 'create', 'northwind', ...site, '--name', 'X', '--parent', 'nope', ...as]),
    ).toBe(
      'portico: no folder "nope" on that site (give its id or its path, e.g. 2025/Q1; / for the top level)',
    );
  });

  test('file move by id into a folder by path, and back to the top level; recorded as a move', async () => {
    const fileId = await withDb(async (db) =>
      db.withTenant('northwind', async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          "SELECT id FROM files WHERE file_name = 'Letter.pdf'",
        );
        return rows[0]!.id;
      }),
    );
    expect(await ok(['file', 'move', 'northwind', fileId, '--folder', '2025/q1', ...site, ...as])).toEqual([
      'Moved "Letter.pdf" to 2025/q1.',
    ]);
    expect(await ok(['file', 'move', 'northwind', fileId, '--folder', '/', ...site, ...as])).toEqual([
      'Moved "Letter.pdf" to the top level.',
    ]);
    const moves = await withDb((db) =>
      db.withTenant('northwind', async (tx) => {
        const { rows } = await tx.query<{ detail: { toFolderId: string | null } }>(
          "SELECT detail FROM audit_events WHERE file_id = $1 AND action = 'file.move' ORDER BY id",
          [fileId],
        );
        return rows.map((r) => r.detail.toFolderId === null);
      }),
    );
    expect(moves).toEqual([false, true]);
    expect(
      await fails([
        'file',
        'move',
        'northwind',
        '00000000-0000-4000-8000-000000000000',
        '--folder',
        '/',
        ...site,
        ...as,
      ]),
    ).toMatch(/^portico: There is no such file/);
  });

  test('trash list and restore', async () => {
    await withDb(async (db) => {
      const caller = await findStaffCaller(db, 'northwind', NORA.email);
      const id = await db.withTenant('northwind', async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          "SELECT id FROM files WHERE file_name = 'Letter.pdf'",
        );
        return rows[0]!.id;
      });
      await deleteFile(db, caller, id);
    });
    const listed = await ok(['trash', 'list', 'northwind', ...site, ...as]);
    expect(listed).toEqual([
      expect.stringMatching(/^ID +KIND +NAME +DELETED +BY$/),
      expect.stringMatching(/^[0-9a-f-]{36} +file +Letter\.pdf +\d{4}-\d{2}-\d{2} +Nora North$/),
    ]);
    const id = listed[1]!.split(/ +/)[0]!;
    expect(await ok(['trash', 'restore', 'northwind', id, ...as])).toEqual(['Restored file "Letter.pdf".']);
    expect(await ok(['trash', 'list', 'northwind', ...site, ...as])).toEqual([
      expect.stringMatching(/^ID +KIND +NAME +DELETED +BY$/),
    ]);
  });

  test('file tag, categorize, project, assign and status (issue 27), each as on the page: checked and recorded', async () => {
    const fileId = await withDb(async (db) => {
      const caller = await findStaffCaller(db, 'northwind', NORA.email);
      const { id: siteId } = await db.withTenant('northwind', async (tx) => {
        const { rows } = await tx.query<{ id: string }>("SELECT id FROM sites WHERE reference = 'NW-1'");
        return rows[0]!;
      });
      await createTag(db, caller, { name: 'Urgent', color: '#cf1322' });
      await createProject(db, caller, { siteId, name: '2025 Personal Tax' });
      return db.withTenant('northwind', async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          "SELECT id FROM files WHERE file_name = 'Letter.pdf'",
        );
        return rows[0]!.id;
      });
    });
    const file = ['northwind', fileId];
    expect(await ok(['file', 'tag', ...file, '--add', 'urgent', ...as])).toEqual(['Tags changed.']);
    expect(await fails(['file', 'tag', ...file, '--add', 'Nope', ...as])).toBe(
      'portico: no tag "Nope" (the firm has: Urgent)',
    );
    expect(await ok(['file', 'categorize', ...file, '--category', 'Tax return', ...as])).toEqual([
      'Category set to "Tax return".',
    ]);
    expect(await ok(['file', 'project', ...file, ...site, '--project', '2025 personal tax', ...as])).toEqual([
      'Project set to "2025 Personal Tax".',
    ]);
    expect(await ok(['file', 'assign', ...file, '--to', NORA.email, '--due', '2026-12-31', ...as])).toEqual([
      `Assigned to ${NORA.email}.`,
    ]);
    expect(await fails(['file', 'assign', ...file, '--to', NORA.email, '--due', '31/12/2026', ...as])).toBe(
      'portico: --due must be a day written YYYY-MM-DD',
    );
    expect(await ok(['file', 'status', ...file, '--status', 'approved', '--note', 'Signed', ...as])).toEqual([
      'Status set to "Approved".',
    ]);
    const row = await withDb((db) =>
      db.withTenant('northwind', async (tx) => {
        const { rows } = await tx.query(
          `SELECT f.file_status, f.status_note, to_char(f.assignment_due, 'YYYY-MM-DD') AS due,
                  (SELECT c.name FROM categories c WHERE c.id = f.category_id) AS category,
                  (SELECT p.name FROM projects p WHERE p.id = f.project_id) AS project,
                  (SELECT array_agg(t.name) FROM file_tags ft JOIN tags t ON t.id = ft.tag_id WHERE ft.file_id = f.id) AS tags,
                  (SELECT array_agg(a.action ORDER BY a.id) FROM audit_events a WHERE a.file_id = f.id
                     AND a.action IN ('file.tag', 'file.categorize', 'file.project', 'file.assign', 'file.status')) AS events
           FROM files f WHERE f.id = $1`,
          [fileId],
        );
        return rows[0];
      }),
    );
    expect(row).toEqual({
      file_status: 'approved',
      status_note: 'Signed',
      due: '2026-12-31',
      category: 'Tax return',
      project: '2025 Personal Tax',
      tags: ['Urgent'],
      events: ['file.tag', 'file.categorize', 'file.project', 'file.assign', 'file.status'],
    });
  });
});
