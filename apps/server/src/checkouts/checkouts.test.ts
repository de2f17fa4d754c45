import {
  CHECKOUT_AUDIT_ACTIONS,
  type CheckoutHistory,
  type FileCheckout,
  type PublishedFileList,
} from '@portico/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { JOBS } from '../jobs.ts';
import { requireFileAccess } from '../site-files/file-access.ts';
import { callerOfUser } from '../sites/callers.ts';
import { type ApiClient, type DemoUsername, statusAndCode, useTestApi } from '../testing/api.ts';
import { publishFiles, setSiteFlags } from '../testing/file-workspace.ts';
import { PDF_BYTES, submitFiles } from '../testing/staff-access.ts';
import { assertNotCheckedOutByOther } from './checkout-guard.ts';
import { checkoutExpiryJob, releaseExpiredCheckouts } from './checkouts.usecases.ts';

/**
 * Check-out through the API (issue 26, item 5): out, in, forced, expired, the 409s, the guard every change calls,
 * and who may, against staff, a member client, a client of another site, another firm and each flag off.
 */

const api = useTestApi();
const BASE = '/t/acme/file-management/api/files';
let bakery: string;
let published: string;
let submitted: string;

const checkout = (who: ApiClient, id: string) => who.post<FileCheckout>(`${BASE}/${id}/checkout`);
const checkin = (who: ApiClient, id: string, force = false) =>
  who.post<FileCheckout>(`${BASE}/${id}/checkin${force ? '?force=true' : ''}`);
const history = (who: ApiClient, id: string, query: Record<string, number> = {}) =>
  who.get<CheckoutHistory>(`${BASE}/${id}/checkouts`, query);

/** Ends any check-out of the file directly, so each test starts from an unlocked file. */
const unlock = (id: string) =>
  api.db.query('UPDATE files SET checked_out_by = NULL, checked_out_until = NULL WHERE id = $1', [id]);

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  await setSiteFlags(api, bakery);
  [published] = (await publishFiles(api, bakery, [
    { name: 'ledger.pdf', bytes: PDF_BYTES('workspace history'), type: 'application/pdf' },
  ])) as [string];
  const ids = await submitFiles(api.as('bob'), bakery, [
    { name: 'receipts.pdf', bytes: PDF_BYTES('workspace history'), type: 'application/pdf' },
  ]);
  submitted = ids[0]!;
});

beforeEach(async () => {
  await unlock(published);
  await unlock(submitted);
});

describe('checking out and in', () => {
  it('locks the file for CHECKOUT_HOURS and shows who in the list', async () => {
    const before = Date.now();
    const out = await checkout(api.as('bob'), published);
    expect(out.status).toBe(200);
    const bob = await api.userId('bob');
    expect(out.body.checkedOutBy).toMatchObject({ name: 'Bob Baker', userId: bob });
    const until = Date.parse(out.body.checkedOutBy!.until);
    expect(until - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(until - before).toBeLessThan(24 * 3600_000 + 60_000);

    const list = await api
      .as('carol')
      .get<PublishedFileList>(`${BASE}/published-files`, { siteId: bakery, limit: 100 });
    expect(list.body.records.find((r) => r.id === published)!.checkedOutBy).toEqual(out.body.checkedOutBy);
  });

  it("refuses someone else's check-out with 409 file.checked_out naming the holder and the end", async () => {
    await checkout(api.as('bob'), published);
    const taken = await checkout(api.as('carol'), published);
    expect(statusAndCode(taken)).toEqual([409, 'file.checked_out']);
    expect(taken.body.error.message).toMatch(
      /Bob Baker has checked this file out until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );
  });

  it('lets the holder check out again (renewed) and check in; a second check-in is 409 file.not_checked_out', async () => {
    expect((await checkout(api.as('bob'), submitted)).status).toBe(200);
    expect((await checkout(api.as('bob'), submitted)).status).toBe(200);
    const done = await checkin(api.as('bob'), submitted);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ fileId: submitted, checkedOutBy: null });
    expect(statusAndCode(await checkin(api.as('bob'), submitted))).toEqual([409, 'file.not_checked_out']);
  });

  it('lets one of two check-outs at the same moment win; the other is 409', async () => {
    const answers = await Promise.all([
      checkout(api.as('bob'), submitted),
      checkout(api.as('carol'), submitted),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.checkedOutBy!.name;
    const row = await api.db.query<{ name: string }>(
      `SELECT p.name FROM files f JOIN tenant_people p ON p.tenant_code = f.tenant_code AND p.user_id = f.checked_out_by
       WHERE f.id = $1`,
      [submitted],
    );
    expect(row.rows[0]!.name).toBe(winner);
  });

  it("refuses another's check-in without force; force is staff's alone", async () => {
    await checkout(api.as('bob'), published);
    expect(statusAndCode(await checkin(api.as('carol'), published))).toEqual([409, 'file.checked_out']);
    await checkout(api.as('carol'), submitted);
    expect(statusAndCode(await checkin(api.as('bob'), submitted, true))).toEqual([403, 'auth.staff_only']);
    expect(statusAndCode(await checkin(api.as('bob'), submitted))).toEqual([409, 'file.checked_out']);
    const forced = await checkin(api.as('carol'), published, true);
    expect(forced.status).toBe(200);
    expect(forced.body.checkedOutBy).toBeNull();
  });

  it("makes every other person's change refused by the guard, and the holder's allowed", async () => {
    await checkout(api.as('bob'), submitted);
    const tryChange = async (user: DemoUsername) => {
      const userId = await api.userId(user);
      return api.db.withTenant('acme', async (tx) => {
        const caller = (await callerOfUser(tx, 'acme', userId))!;
        const file = await requireFileAccess(tx, caller, 'files.checkout', submitted, { lock: true });
        try {
          assertNotCheckedOutByOther(caller, file);
          return 'allowed';
        } catch (error) {
          if (error instanceof AppError) return `${error.status} ${error.code}`;
          throw error;
        }
      });
    };
    expect(await tryChange('bob')).toBe('allowed');
    expect(await tryChange('carol')).toBe('409 file.checked_out');
  });
});

describe('check-outs that run out', () => {
  const expire = (id: string) =>
    api.db.query(
      `UPDATE files SET checked_out_until = now() - interval '1 minute' WHERE id = $1 AND checked_out_by IS NOT NULL`,
      [id],
    );

  it('hold nothing once past their end: the list shows none and another may check out', async () => {
    await checkout(api.as('bob'), published);
    await expire(published);
    const list = await api
      .as('bob')
      .get<PublishedFileList>(`${BASE}/published-files`, { siteId: bakery, limit: 100 });
    expect(list.body.records.find((r) => r.id === published)!.checkedOutBy).toBeNull();
    expect(statusAndCode(await checkin(api.as('bob'), published))).toEqual([409, 'file.not_checked_out']);
    expect((await checkout(api.as('carol'), published)).status).toBe(200);
    const kinds = (await history(api.as('carol'), published, { limit: 3 })).body.records.map((r) => r.kind);
    expect(kinds).toEqual(['out', 'expired', 'out']);
  });

  it('are released by the expiry job, each with an expired event naming whose it was', async () => {
    await checkout(api.as('bob'), submitted);
    await expire(submitted);
    expect(await releaseExpiredCheckouts(api.db)).toBeGreaterThanOrEqual(1);
    const row = await api.db.query<{ checked_out_by: string | null }>(
      'SELECT checked_out_by FROM files WHERE id = $1',
      [submitted],
    );
    expect(row.rows[0]!.checked_out_by).toBeNull();
    const latest = (await history(api.as('bob'), submitted, { limit: 1 })).body.records[0]!;
    expect(latest).toMatchObject({ kind: 'expired', by: null, holder: { name: 'Bob Baker' }, until: null });
    expect(await releaseExpiredCheckouts(api.db)).toBe(0);
  });

  it('run as a job of the one list (jobs.ts), which logs what it released', async () => {
    expect(JOBS).toContain(checkoutExpiryJob);
    await checkout(api.as('bob'), published);
    await expire(published);
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as never;
    await checkoutExpiryJob.run({ db: api.db, config: api.server.config, log });
    expect(logged).toEqual([[{ released: 1 }, 'expired check-outs released']]);
    const list = await api
      .as('carol')
      .get<PublishedFileList>(`${BASE}/published-files`, { siteId: bakery, limit: 100 });
    expect(list.body.records.find((r) => r.id === published)!.checkedOutBy).toBeNull();
  });
});

describe('the check-out history', () => {
  it('lists every out, in and forced, newest first, paged', async () => {
    const before = (await history(api.as('carol'), submitted)).body.totalRecordCount;
    await checkout(api.as('bob'), submitted);
    await checkin(api.as('bob'), submitted);
    await checkout(api.as('bob'), submitted);
    await checkin(api.as('carol'), submitted, true);
    const page = await history(api.as('carol'), submitted, { limit: 3 });
    expect(page.status).toBe(200);
    expect(page.body.totalRecordCount).toBe(before + 4);
    expect(page.body.records.map((r) => [r.kind, r.label, r.by?.name, r.holder?.name ?? null])).toEqual([
      ['forced', 'Check-in forced', 'Carol Chen', 'Bob Baker'],
      ['out', 'Checked out', 'Bob Baker', null],
      ['in', 'Checked in', 'Bob Baker', null],
    ]);
    expect(page.body.records[1]!.until).toMatch(/^\d{4}-/);
    const next = await history(api.as('carol'), submitted, { limit: 3, offset: 3 });
    expect(next.body.records[0]!.kind).toBe('out');
    const actions = await api.db.query<{ action: string }>(
      'SELECT DISTINCT action FROM audit_events WHERE file_id = $1',
      [submitted],
    );
    expect(actions.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        CHECKOUT_AUDIT_ACTIONS.checkOut,
        CHECKOUT_AUDIT_ACTIONS.checkIn,
        CHECKOUT_AUDIT_ACTIONS.forcedCheckIn,
      ]),
    );
  });
});

describe('who may', () => {
  const cases = [
    ['checkout', 'internalFilesCheckinCheckout', (who: ApiClient, id: string) => checkout(who, id)],
    ['checkin', 'internalFilesCheckinCheckout', (who: ApiClient, id: string) => checkin(who, id)],
    ['checkouts', 'internalFilesViewCheckoutHistory', (who: ApiClient, id: string) => history(who, id)],
  ] as const;

  it.each(cases)(
    '%s: staff and a member may; a non-member, another firm and a foreign path get 404',
    async (path, _flag, call) => {
      for (const id of [published, submitted]) {
        await unlock(id);
        // A check-in of a file nobody holds is 409 file.not_checked_out: past every access check.
        const allowed = [200, 409];
        expect(allowed).toContain((await call(api.as('bob'), id)).status);
        await unlock(id);
        expect(allowed).toContain((await call(api.as('carol'), id)).status);
        await unlock(id);
        expect(statusAndCode(await call(api.as('alice'), id))).toEqual([404, 'files.not_found']);
        // Another firm's staff, through their own tenant's path: no such file there.
        const dave = api.as('dave');
        const daveAnswer =
          path === 'checkouts'
            ? await dave.get(`/t/globex/file-management/api/files/${id}/checkouts`)
            : await dave.post(`/t/globex/file-management/api/files/${id}/${path}`);
        expect(statusAndCode(daveAnswer)).toEqual([404, 'files.not_found']);
        // … and through acme's path, not a tenant of theirs.
        expect(statusAndCode(await call(dave, id))).toEqual([403, 'auth.tenant_forbidden']);
      }
    },
  );

  it.each(cases)(
    '%s: its flag off refuses a member with 403 settings.forbidden, never staff',
    async (_, flag, call) => {
      try {
        await setSiteFlags(api, bakery, flag);
        expect(statusAndCode(await call(api.as('bob'), published))).toEqual([403, 'settings.forbidden']);
        expect([200, 409]).toContain((await call(api.as('carol'), published)).status);
        await setSiteFlags(api, bakery, 'portalFilesView');
        expect(statusAndCode(await call(api.as('bob'), published))).toEqual([403, 'settings.forbidden']);
      } finally {
        await setSiteFlags(api, bakery);
        await unlock(published);
      }
    },
  );
});
