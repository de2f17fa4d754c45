import { FILE_AREA_SETTING_KEYS } from '@portico/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { horizontalOverflow } from './support/page-checks.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Categories and projects in real Chromium (issue 27 items 4, 5 and 10's "Categorise"): carol creates a project
 * for Bob's Bakery in the control panel; bob sets a file's category and project in the portal and filters his list
 * by them; carol categorises two files at once; with the site's two flags off bob is offered neither, and the API
 * answers him 403.
 */

const server = useServer();
const browser = useBrowser();
const LETTER = 'Engagement letter';
const BANK = 'Bank statement May';
const PROJECT = '2025 Personal Tax';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Prepared {
  siteId: string;
  siteName: string;
  carol: string;
  bob: string;
  ids: Record<string, string>;
}

/** Every flag of Bob's Bakery on (carol, through the API), and two files bob submitted to it. */
async function prepare(): Promise<Prepared> {
  const s = server();
  const site = (
    await s.db.query<{ id: string; name: string }>(`SELECT id, name FROM sites WHERE reference = 'ACME-1001'`)
  ).rows[0]!;
  const tokenOf = async (user: 'carol' | 'bob') =>
    `Bearer ${await mintAccessToken(s, { sub: await demoUserId(s, user) }, { expiresIn: 900 })}`;
  const carol = await tokenOf('carol');
  const bob = await tokenOf('bob');
  await setFlags({ siteId: site.id, carol }, []);
  const ids: Record<string, string> = {};
  for (const title of [LETTER, BANK]) {
    const form = new FormData();
    form.append('siteId', site.id);
    form.append('file', new File([new Uint8Array(PDF)], `${title}.pdf`, { type: 'application/pdf' }));
    const uploaded = await fetch(`${s.url}/t/acme/file-storage/api/files`, {
      method: 'POST',
      headers: { authorization: bob },
      body: form,
    });
    const { files } = (await uploaded.json()) as { files: { referenceNumber: string }[] };
    const saved = await fetch(`${s.url}/t/acme/portal/api/files`, {
      method: 'POST',
      headers: { authorization: bob, 'content-type': 'application/json' },
      body: JSON.stringify({
        siteId: site.id,
        files: [{ referenceNumber: files[0]!.referenceNumber, title }],
      }),
    });
    expect(saved.status).toBe(201);
    ids[title] = ((await saved.json()) as { records: { id: string }[] }).records[0]!.id;
  }
  return { siteId: site.id, siteName: site.name, carol, bob, ids };
}

/** The site's own flags: every one on but `off`. */
async function setFlags(p: Pick<Prepared, 'siteId' | 'carol'>, off: string[]) {
  const answer = await fetch(`${server().url}/t/acme/portal/api/staff/sites/${p.siteId}/file-area-settings`, {
    method: 'PATCH',
    headers: { authorization: p.carol, 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, !off.includes(k)]))),
  });
  expect(answer.status).toBe(200);
}

const rowOf = (page: Page, title: string) => page.locator('tbody tr').filter({ hasText: title });

async function categoryOf(id: string) {
  const { rows } = await server().db.query<{ name: string | null }>(
    'SELECT c.name FROM files f LEFT JOIN categories c ON c.id = f.category_id WHERE f.id = $1',
    [id],
  );
  return rows[0]!.name;
}

describe('categories and projects', () => {
  test('staff create a project; a client sets category and project and filters; staff categorise in bulk; flags off hide it', {
    timeout: 120_000,
  }, async () => {
    const p = await prepare();
    const url = server().url;

    // Carol adds a project to Bob's Bakery from the Sites page.
    const carol = await browser.open();
    await carol.page.goto(`${url}/control-panel/sites`);
    await signInAs(carol.page, 'carol');
    await carol.page.getByRole('button', { name: `Projects of ${p.siteName}` }).click({ timeout: 20_000 });
    const drawer = carol.page.getByTestId('projects-drawer');
    await drawer.getByTestId('projects-empty').waitFor({ timeout: 10_000 });
    await drawer.getByLabel('New project').fill(PROJECT);
    await drawer.getByTestId('project-add-submit').click();
    await drawer.getByTestId('project-row').filter({ hasText: PROJECT }).waitFor({ timeout: 10_000 });
    await expectNoSeriousA11yViolations(carol.page);

    // Bob sets the letter's category and project through its More dialog, on a phone-sized screen.
    const bob = await browser.open();
    await bob.page.setViewportSize({ width: 360, height: 780 });
    await bob.page.goto(`${url}/submittedFiles`);
    await signInAs(bob.page, 'bob');
    const letter = rowOf(bob.page, LETTER);
    await letter.waitFor({ timeout: 20_000 });
    await letter.getByRole('button', { name: `More actions for ${LETTER}` }).click();
    let dialog = bob.page.getByTestId('file-actions-dialog');
    await dialog.getByTestId('file-action-category').click();
    await dialog.getByLabel('Category').selectOption({ label: 'Tax return' });
    await dialog.getByTestId('category-form-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => letter.textContent(), { timeout: 10_000 }).toContain('Tax return');
    await letter.getByRole('button', { name: `More actions for ${LETTER}` }).click();
    dialog = bob.page.getByTestId('file-actions-dialog');
    await dialog.getByTestId('file-action-project').click();
    await dialog.getByLabel('Project').selectOption({ label: PROJECT });
    await expectNoSeriousA11yViolations(bob.page);
    await dialog.getByTestId('project-form-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => letter.textContent(), { timeout: 10_000 }).toContain(PROJECT);
    expect(await horizontalOverflow(bob.page)).toEqual({ overflow: 0, culprits: [] });

    // His list filtered by the category, then by the project: the letter only.
    const bank = rowOf(bob.page, BANK);
    await bank.waitFor();
    await bob.page.getByTestId('filter-category').selectOption({ label: 'Tax return' });
    await bank.waitFor({ state: 'detached', timeout: 10_000 });
    await letter.waitFor();
    await bob.page.getByTestId('filter-category').selectOption({ value: '' });
    await bank.waitFor({ timeout: 10_000 });
    await bob.page.getByTestId('filter-project').selectOption({ label: PROJECT });
    await bank.waitFor({ state: 'detached', timeout: 10_000 });
    await letter.waitFor();
    await bob.page.getByTestId('filter-project').selectOption({ value: '' });

    // Carol categorises both files at once in Submissions.
    await carol.page.goto(`${url}/control-panel/submissions`);
    await rowOf(carol.page, BANK).waitFor({ timeout: 20_000 });
    await carol.page.getByRole('checkbox', { name: `Select ${LETTER}` }).check();
    await carol.page.getByRole('checkbox', { name: `Select ${BANK}` }).check();
    await carol.page.getByTestId('bulk-categorise').click();
    const bulk = carol.page.getByTestId('bulk-category-dialog');
    await bulk.getByLabel('Category').selectOption({ label: 'Invoice' });
    await bulk.getByTestId('bulk-category-form-submit').click();
    await bulk.waitFor({ state: 'detached', timeout: 10_000 });
    await carol.page.getByText('2 files categorised as Invoice').waitFor({ timeout: 10_000 });
    expect(await categoryOf(p.ids[LETTER]!)).toBe('Invoice');
    expect(await categoryOf(p.ids[BANK]!)).toBe('Invoice');

    // The site's two flags off: bob is offered neither, and the API refuses him.
    await setFlags(p, ['internalFilesRecategorize', 'internalFileSetProject']);
    await bob.page.reload();
    await letter.waitFor({ timeout: 20_000 });
    await letter.getByRole('button', { name: `More actions for ${LETTER}` }).click();
    dialog = bob.page.getByTestId('file-actions-dialog');
    await dialog.getByTestId('file-action-rename').waitFor();
    expect(await dialog.getByTestId('file-action-category').count()).toBe(0);
    expect(await dialog.getByTestId('file-action-project').count()).toBe(0);
    await bob.page.keyboard.press('Escape');
    await bob.page.getByRole('checkbox', { name: `Select ${LETTER}` }).check();
    expect(await bob.page.getByTestId('bulk-categorise').count()).toBe(0);
    for (const [path, body] of [
      ['category', { categoryId: null }],
      ['project', { projectId: null }],
    ] as const) {
      const refused = await fetch(`${url}/t/acme/file-management/api/files/${p.ids[LETTER]}/${path}`, {
        method: 'PUT',
        headers: { authorization: p.bob, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('settings.forbidden');
    }
    expect(await categoryOf(p.ids[LETTER]!)).toBe('Invoice');
    expect(bob.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
  });
});
