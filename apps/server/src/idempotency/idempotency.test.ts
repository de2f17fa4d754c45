import { randomUUID } from 'node:crypto';
import type { PublishedFilesResult, SavedSubmittedFiles, StaffSubmission } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { PDF_BYTES, submitFiles, uploadReferences } from '../testing/staff-access.ts';
import { sweepExpiredIdempotencyKeys } from './idempotency-sweep.ts';

const api = useTestApi();
let bakery: string;
let aliceTax: string;

const SAVE = '/t/acme/portal/api/files';
const PUBLISH = '/t/acme/file-management/api/staff/published-files';
const statusPath = (id: string) => `/t/acme/portal/api/staff/submissions/${id}/status`;
const keyed = (key: string) => ({ 'idempotency-key': key });

const save = (client: ApiClient, body: unknown, key?: string) =>
  client.post<SavedSubmittedFiles>(SAVE, body, key === undefined ? undefined : keyed(key));
const saveBody = (siteId: string, references: string[]) => ({
  siteId,
  files: references.map((referenceNumber) => ({ referenceNumber })),
});
const upload = (client: ApiClient, siteId: string, name = 'Receipts.pdf') =>
  uploadReferences(client, siteId, [{ name, bytes: PDF_BYTES(name), type: 'application/pdf' }]);
const replayed = (answer: ApiAnswer<unknown>) => answer.headers.get('idempotent-replayed');

const filesWithReference = async (reference: string) =>
  (
    await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE reference_number = $1', [
      reference,
    ])
  ).rows[0]?.n;

beforeAll(() => {
  bakery = api.siteId('ACME-1001');
  aliceTax = api.siteId('ACME-1002');
});

describe('saving uploads with an Idempotency-Key', () => {
  it('a save repeated with its key answers the first 201 again and saves the files once', async () => {
    const [reference] = await upload(api.as('bob'), bakery);
    const key = randomUUID();
    const first = await save(api.as('bob'), saveBody(bakery, [reference!]), key);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();

    // The commit landed but the answer was lost: the client sends the same request again.
    const again = await save(api.as('bob'), saveBody(bakery, [reference!]), key);
    expect(again.status).toBe(201);
    expect(again.type).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
    expect(await filesWithReference(reference!)).toBe(1);
    const { rows } = await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE file_id = $1`,
      [first.body.records[0]!.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('the same key with another request is refused with 422 and changes nothing', async () => {
    const [first, second] = [await upload(api.as('bob'), bakery), await upload(api.as('bob'), bakery)];
    const key = randomUUID();
    expect((await save(api.as('bob'), saveBody(bakery, first), key)).status).toBe(201);
    const other = await save(api.as('bob'), saveBody(bakery, second), key);
    expect(statusAndCode(other)).toEqual([422, 'request.idempotency_mismatch']);
    expect(await filesWithReference(second[0]!)).toBe(0);
    // The refused upload is still pending: a new key saves it.
    expect((await save(api.as('bob'), saveBody(bakery, second), randomUUID())).status).toBe(201);
  });

  it('without a key a save works as before: a repeat finds its uploads gone (404)', async () => {
    const references = await upload(api.as('bob'), bakery);
    expect((await save(api.as('bob'), saveBody(bakery, references))).status).toBe(201);
    expect(statusAndCode(await save(api.as('bob'), saveBody(bakery, references)))).toEqual([
      404,
      'uploads.not_found',
    ]);
    expect(await filesWithReference(references[0]!)).toBe(1);
  });

  it("a key is the caller's own: another user's save with the same key runs as a new request", async () => {
    const key = randomUUID();
    const bobs = await upload(api.as('bob'), bakery);
    const alices = await upload(api.as('alice'), aliceTax);
    const bob = await save(api.as('bob'), saveBody(bakery, bobs), key);
    const alice = await save(api.as('alice'), saveBody(aliceTax, alices), key);
    expect([bob.status, alice.status]).toEqual([201, 201]);
    expect(replayed(alice)).toBeNull();
    expect(alice.body.records.map((r) => r.referenceNumber)).toEqual(alices);
    // And bob's repeat still answers bob's save.
    const again = await save(api.as('bob'), saveBody(bakery, bobs), key);
    expect(again.body).toEqual(bob.body);
  });

  it('a save that failed stores nothing under its key, so its retry runs', async () => {
    const key = randomUUID();
    const missing = await save(api.as('bob'), saveBody(bakery, ['UP-0000000000000000']), key);
    expect(statusAndCode(missing)).toEqual([404, 'uploads.not_found']);
    const references = await upload(api.as('bob'), bakery);
    const retried = await save(api.as('bob'), saveBody(bakery, references), key);
    expect(retried.status).toBe(201);
    expect(replayed(retried)).toBeNull();
  });

  it('two saves sent at once with one key save once, and both answer the first answer', async () => {
    const references = await upload(api.as('bob'), bakery);
    const key = randomUUID();
    const answers = await Promise.all([
      save(api.as('bob'), saveBody(bakery, references), key),
      save(api.as('bob'), saveBody(bakery, references), key),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers.map(replayed).sort()).toEqual(['true', null].sort());
    expect(await filesWithReference(references[0]!)).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['256 characters long', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['not ASCII', 'clé'],
  ])('a key that is %s is refused with 400 before anything is saved', async (_what, key) => {
    const references = await upload(api.as('bob'), bakery);
    const answer = await api
      .as('bob')
      .raw(SAVE, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(saveBody(bakery, references)),
      })
      .catch((error: unknown) => error);
    // fetch itself refuses a header value it cannot send; the server refuses the rest.
    if (answer instanceof Response) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('request.invalid');
    }
    expect(await filesWithReference(references[0]!)).toBe(0);
  });

  it('keys expire after a day: a repeat then runs as a new request', async () => {
    const key = randomUUID();
    const references = await upload(api.as('bob'), bakery);
    expect((await save(api.as('bob'), saveBody(bakery, references), key)).status).toBe(201);
    await api.db.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`,
      [key],
    );
    expect(await sweepExpiredIdempotencyKeys(api.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await api.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
    expect(rows).toEqual([]);
    expect(statusAndCode(await save(api.as('bob'), saveBody(bakery, references), key))).toEqual([
      404,
      'uploads.not_found',
    ]);
  });
});

describe('publishing with an Idempotency-Key', () => {
  it('a publish repeated with its key answers the first 201 again and publishes once', async () => {
    const references = await upload(api.as('carol'), bakery, 'Engagement letter.pdf');
    const body = { siteId: bakery, files: [{ referenceNumber: references[0]!, title: 'Engagement letter' }] };
    const key = randomUUID();
    const first = await api.as('carol').post<PublishedFilesResult>(PUBLISH, body, keyed(key));
    expect(first.status).toBe(201);
    const again = await api.as('carol').post<PublishedFilesResult>(PUBLISH, body, keyed(key));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
    expect(await filesWithReference(references[0]!)).toBe(1);
  });
});

describe('status changes with an Idempotency-Key', () => {
  it('a status change repeated with its key answers the first 200 and does not undo a later change', async () => {
    const [fileId] = await submitFiles(api.as('bob'), bakery, [
      { name: 'Invoice.pdf', bytes: PDF_BYTES('invoice'), type: 'application/pdf' },
    ]);
    const key = randomUUID();
    const inReview = { status: 'in_review' };
    const first = await api.as('carol').put<StaffSubmission>(statusPath(fileId!), inReview, keyed(key));
    expect([first.status, first.body.status]).toEqual([200, 'in_review']);
    // Someone moves the file on; then the first request's retry arrives.
    const accepted = await api.as('carol').put<StaffSubmission>(statusPath(fileId!), { status: 'accepted' });
    expect(accepted.body.status).toBe('accepted');
    const again = await api.as('carol').put<StaffSubmission>(statusPath(fileId!), inReview, keyed(key));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
    const { rows } = await api.db.query<{ status: string }>('SELECT status FROM files WHERE id = $1', [
      fileId,
    ]);
    expect(rows[0]?.status).toBe('accepted');
  });

  it('the same key on another file is refused with 422', async () => {
    const ids = await submitFiles(api.as('bob'), bakery, [
      { name: 'One.pdf', bytes: PDF_BYTES('one'), type: 'application/pdf' },
      { name: 'Two.pdf', bytes: PDF_BYTES('two'), type: 'application/pdf' },
    ]);
    const key = randomUUID();
    const body = { status: 'in_review' };
    expect((await api.as('carol').put(statusPath(ids[0]!), body, keyed(key))).status).toBe(200);
    const other = await api.as('carol').put(statusPath(ids[1]!), body, keyed(key));
    expect(statusAndCode(other)).toEqual([422, 'request.idempotency_mismatch']);
  });
});

describe('the OpenAPI document', () => {
  it('documents the Idempotency-Key header on the save, publish and status calls', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read as untyped JSON.
    const { body: doc } = await api.anonymous.get<any>('/docs/json');
    const operations = [
      doc.paths['/t/{tenant}/portal/api/files'].post,
      doc.paths['/t/{tenant}/file-management/api/staff/published-files'].post,
      doc.paths['/t/{tenant}/portal/api/staff/submissions/{id}/status'].put,
    ];
    for (const operation of operations) {
      const header = operation.parameters.find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
      expect(header).toBeDefined();
      expect(header.required ?? false).toBe(false);
    }
  });
});
