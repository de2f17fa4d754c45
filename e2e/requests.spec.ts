import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, DEMO_REQUEST_TEMPLATE } from '../apps/server/src/db/seed/demo-data.ts';
import { expectNoSeriousA11yViolations, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * Document requests in real Chromium against the real server: carol asks Bob's Bakery for the documents of a
 * template, bob answers the checklist (two uploads, one "not applicable"), carol accepts one and rejects one with
 * a note, bob sees the note and sends it again, carol accepts and the request completes.
 */
const server = useServer();
const browser = useBrowser();

const TITLE = DEMO_REQUEST_TEMPLATE.title;
const [P60, STATEMENTS, DONATIONS] = DEMO_REQUEST_TEMPLATE.items.map((i) => i.name) as [
  string,
  string,
  string,
];
const NOTE = 'The March statement is missing its second page.';

async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  const { page } = tracked;
  await page.goto(`${server().url}${path}`);
  const usernameField = page.getByLabel('Username');
  await usernameField.waitFor({ timeout: 20_000 });
  await usernameField.fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return tracked;
}

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: randomBytes(30_000) });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const requestBadge = (page: Page) =>
  menu(page)
    .getByRole('link', { name: /Requested Documents/ })
    .locator('.portico-badge [aria-hidden]');
const checklistItem = (page: Page, name: string) =>
  page.locator(`[data-testid="request-item"][data-item-name="${name}"]`);
const reviewItem = (page: Page, name: string) =>
  page.locator(`[data-testid="review-item"][data-item-name="${name}"]`);
const statusOf = (item: Locator) => item.getAttribute('data-status');

async function openReview(page: Page) {
  await page.goto(`${server().url}/control-panel/requests`);
  await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor({ timeout: 20_000 });
  await page
    .getByRole('button', { name: `Review ${TITLE} for Bob's Bakery Ltd` })
    .first()
    .click();
  await page.getByTestId('review-drawer').waitFor({ timeout: 20_000 });
}

describe('Document requests end to end', () => {
  test('from a template to completion, with a rejection and a second upload', {
    timeout: 300_000,
  }, async () => {
    // Carol asks Bob's Bakery for the template's three documents.
    const carol = await openSignedIn('/control-panel/requests', 'carol');
    const cp = carol.page;
    await cp.getByRole('heading', { level: 1, name: 'Requests' }).waitFor({ timeout: 20_000 });
    await cp.getByTestId('new-request').click();
    await cp.getByRole('combobox', { name: 'Start from a template' }).click();
    await cp.locator(`.ant-select-item-option[title="${DEMO_REQUEST_TEMPLATE.name}"]`).click();
    await expect.poll(() => cp.getByTestId('request-title').inputValue()).toBe(TITLE);
    expect(await cp.getByTestId('request-item-fields').count()).toBe(3);
    const sites = cp.getByTestId('request-sites');
    await sites.click();
    await sites.locator('input').fill('Bob');
    await cp.locator('.ant-select-item-option[title="Bob\'s Bakery Ltd · ACME-1001"]').click();
    await cp.keyboard.press('Escape');
    await cp.getByTestId('request-due-date').fill('2030-06-30');
    await cp.getByTestId('create-request').click();
    await cp
      .getByRole('button', { name: `Review ${TITLE} for Bob's Bakery Ltd` })
      .waitFor({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(cp);
    await takeScreenshots(cp, 'control-panel-requests');

    // Bob sees the item with its badge of three open items, and answers the checklist.
    const bob = await openSignedIn('/requestedDocuments', 'bob');
    const bp = bob.page;
    await bp
      .locator(`[data-testid="document-request"][data-request-title="${TITLE}"]`)
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => requestBadge(bp).textContent(), { timeout: 15_000 }).toBe('3');
    await checklistItem(bp, P60)
      .locator('input[type=file]')
      .setInputFiles([pdf('P60 2025.pdf')]);
    await expect.poll(() => statusOf(checklistItem(bp, P60)), { timeout: 20_000 }).toBe('received');
    await checklistItem(bp, STATEMENTS)
      .locator('input[type=file]')
      .setInputFiles([pdf('Statement February.pdf'), pdf('Statement March.pdf')]);
    await expect.poll(() => statusOf(checklistItem(bp, STATEMENTS)), { timeout: 20_000 }).toBe('received');
    expect(await checklistItem(bp, STATEMENTS).textContent()).toContain('Statement March.pdf');
    await checklistItem(bp, DONATIONS).getByTestId('item-not-applicable').click();
    await checklistItem(bp, DONATIONS)
      .getByTestId('not-applicable-comment')
      .fill('I made no donations in 2025.');
    await checklistItem(bp, DONATIONS).getByTestId('not-applicable-confirm').click();
    await expect
      .poll(() => statusOf(checklistItem(bp, DONATIONS)), { timeout: 20_000 })
      .toBe('not_applicable');
    await expect.poll(() => requestBadge(bp).count(), { timeout: 15_000 }).toBe(0);
    await expectNoSeriousA11yViolations(bp);
    await takeScreenshots(bp, 'portal-requested-documents');

    // Carol accepts the P60 and rejects the statements with a note.
    await openReview(cp);
    expect(await reviewItem(cp, DONATIONS).textContent()).toContain('I made no donations in 2025.');
    await reviewItem(cp, P60).getByTestId('accept-item').click();
    await expect.poll(() => statusOf(reviewItem(cp, P60)), { timeout: 20_000 }).toBe('accepted');
    await reviewItem(cp, STATEMENTS).getByTestId('reject-item').click();
    await reviewItem(cp, STATEMENTS).getByTestId('reject-note').fill(NOTE);
    await reviewItem(cp, STATEMENTS).getByTestId('confirm-reject').click();
    await expect.poll(() => statusOf(reviewItem(cp, STATEMENTS)), { timeout: 20_000 }).toBe('rejected');
    await takeScreenshots(cp, 'control-panel-request-review');

    // Bob sees the note and sends the statements again.
    await bp.reload();
    await checklistItem(bp, STATEMENTS).getByTestId('staff-note').waitFor({ timeout: 30_000 });
    expect(await checklistItem(bp, STATEMENTS).getByTestId('staff-note').textContent()).toContain(NOTE);
    await expect.poll(() => requestBadge(bp).textContent(), { timeout: 15_000 }).toBe('1');
    await checklistItem(bp, STATEMENTS)
      .locator('input[type=file]')
      .setInputFiles([pdf('Statement March complete.pdf')]);
    await expect.poll(() => statusOf(checklistItem(bp, STATEMENTS)), { timeout: 20_000 }).toBe('received');

    // Carol accepts: every required item is accepted, so the request completes.
    await openReview(cp);
    await reviewItem(cp, STATEMENTS).getByTestId('accept-item').click();
    await expect
      .poll(() => cp.getByTestId('review-drawer').getAttribute('data-request-status'), { timeout: 20_000 })
      .toBe('completed');

    // Off bob's checklist; the files are Submitted Files of his site that name their items.
    await bp.reload();
    await bp.getByText('Nothing is asked of you right now.').waitFor({ timeout: 30_000 });
    const { rows } = await server().db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM files f JOIN document_request_items i ON i.id = f.request_item_id
       JOIN document_requests r ON r.id = i.request_id WHERE r.title = $1 AND r.status = 'completed'`,
      [TITLE],
    );
    expect(rows[0]!.n).toBe(4);
    await menu(bp).getByRole('link', { name: 'Submitted Files' }).click();
    const submitted = bp.getByTestId('submitted-files-table');
    await expect.poll(() => submitted.getByTestId('requested-link').count(), { timeout: 20_000 }).toBe(4);
    expect(carol.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});
